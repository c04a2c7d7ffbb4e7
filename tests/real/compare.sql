-- tests/real/compare.sql - a short SQLite session on a database file for hwprof compare
-- (tests/e2e/test_real.sh): it removes the file first, so that both of compare's runs
-- (hwprof, then qemu-mips, in the same directory) start from nothing.
.shell rm -f c.db c.db-journal
.open c.db
CREATE TABLE t(id INTEGER PRIMARY KEY, city TEXT, amount REAL);
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
INSERT INTO t(city, amount) SELECT CASE i % 3 WHEN 0 THEN 'Oslo' WHEN 1 THEN 'Lima' ELSE 'Pune' END, i * 1.25 FROM n;
COMMIT;
CREATE INDEX t_city ON t(city);
SELECT city, count(*), sum(amount) FROM t GROUP BY city ORDER BY city;
SELECT id, city, rank() OVER (PARTITION BY city ORDER BY amount DESC) FROM t WHERE id % 50 = 0 ORDER BY id;
