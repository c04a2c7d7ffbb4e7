-- tests/real/exercise.sql - the SQLite 3 shell run as a real program
-- (tests/e2e/test_real.sh): a database FILE with a rollback journal, a few thousand
-- rows inserted in one transaction, an index, joins, aggregates, a window function,
-- a CTE, an update and a delete, the shell's own commands (.output, .import,
-- .backup, .open, .dump) and the files they write.  Deterministic: no random(), no
-- dates.
--
--   sqlite3 -bail test.db < exercise.sql      (in a scratch directory)

.headers on
.mode list
PRAGMA page_size = 4096;
PRAGMA journal_mode = DELETE;

CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer INTEGER NOT NULL REFERENCES customer(id),
  amount REAL NOT NULL,
  item TEXT NOT NULL
);

BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
INSERT INTO customer (id, name, city)
  SELECT i, printf('customer-%03d', i),
         CASE i % 5 WHEN 0 THEN 'Bern' WHEN 1 THEN 'Oslo' WHEN 2 THEN 'Lyon'
                    WHEN 3 THEN 'Graz' ELSE 'Gent' END
  FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
INSERT INTO orders (id, customer, amount, item)
  SELECT i, 1 + (i * 7919) % 300, ((i * 104729) % 10000) / 100.0,
         'item-' || hex(zeroblob(i % 4)) || (i % 37)
  FROM n;
COMMIT;

SELECT count(*) AS customers FROM customer;
SELECT count(*) AS orders, round(sum(amount), 2) AS total, min(amount), max(amount) FROM orders;

CREATE INDEX orders_customer ON orders(customer);
CREATE INDEX orders_amount ON orders(amount DESC);
EXPLAIN QUERY PLAN SELECT * FROM orders WHERE customer = 42;

-- A join with grouping, ordered.
SELECT c.city, count(*) AS n, round(sum(o.amount), 2) AS total, round(avg(o.amount), 4) AS mean
  FROM orders o JOIN customer c ON c.id = o.customer
  GROUP BY c.city ORDER BY total DESC;

-- A window function: each city's three biggest customers and a running total.
SELECT city, name, spent, rank, running FROM (
  SELECT c.city, c.name, round(sum(o.amount), 2) AS spent,
         rank() OVER (PARTITION BY c.city ORDER BY sum(o.amount) DESC, c.id) AS rank,
         round(sum(sum(o.amount)) OVER (PARTITION BY c.city ORDER BY sum(o.amount) DESC, c.id
                                        ROWS UNBOUNDED PRECEDING), 2) AS running
    FROM customer c JOIN orders o ON o.customer = c.id
    GROUP BY c.id)
  WHERE rank <= 3 ORDER BY city, rank;

-- A left join that finds nothing missing, a self join, a subquery.
SELECT count(*) AS without_orders FROM customer c LEFT JOIN orders o ON o.customer = c.id
  WHERE o.id IS NULL;
SELECT count(*) AS same_customer_pairs, count(DISTINCT a.item) AS items FROM orders a
  JOIN orders b ON a.customer = b.customer AND a.id < b.id;
SELECT id, amount FROM orders WHERE amount > (SELECT avg(amount) + 49.9 FROM orders)
  ORDER BY amount DESC, id LIMIT 5;

-- Changes, then the file read back in another connection (.open) after a backup.
UPDATE orders SET amount = amount * 2 WHERE customer IN (SELECT id FROM customer WHERE city = 'Oslo');
DELETE FROM orders WHERE id % 10 = 0;
SELECT changes() AS deleted, total_changes() AS changed;
PRAGMA integrity_check;

.mode csv
.headers off
.output oslo.csv
SELECT o.id, c.name, o.amount FROM orders o JOIN customer c ON c.id = o.customer
  WHERE c.city = 'Oslo' ORDER BY o.id;
.output stdout
CREATE TABLE imported (id INTEGER, name TEXT, amount REAL);
.import oslo.csv imported
.mode list
.headers on
SELECT count(*) AS imported, round(sum(amount), 2) AS total FROM imported;

.backup backup.db
.open backup.db
SELECT count(*) AS backup_orders, round(sum(amount), 2) AS total FROM orders;
SELECT name FROM sqlite_schema WHERE type = 'index' ORDER BY name;
CREATE TABLE small (k TEXT PRIMARY KEY, v BLOB) WITHOUT ROWID;
INSERT INTO small VALUES ('a', x'00ff'), ('b''s', NULL), ('c', 'text');
.dump small
VACUUM;
PRAGMA integrity_check;
