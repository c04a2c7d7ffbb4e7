-- tests/real/mmap.sql - SQLite's memory-mapped I/O (PRAGMA mmap_size): the shell
-- maps the database file (mmap2 PROT_READ MAP_SHARED, right after ftruncate makes
-- it 8192 bytes of zeros), writes its pages with write(), and .save (a backup)
-- reads them back through the mapping.  Under Linux (and qemu-mips) the mapping
-- shows the writes, and saved.db holds the row; a runtime that maps a file as a
-- copy of its contents at mmap time gives a saved.db with an empty table: hwprof
-- refuses such a mapping (ENODEV, reported) and SQLite reads and writes instead
-- (tests/e2e/test_real.sh checks both).
--
--   sqlite3 -bail t.db < mmap.sql; sqlite3 saved.db 'SELECT count(*) FROM t'   (1)

PRAGMA mmap_size = 268435456;
CREATE TABLE t (a, b);
VACUUM INTO 'copy.db';
PRAGMA locking_mode = EXCLUSIVE;
INSERT INTO t VALUES (1, 2);
.save saved.db
