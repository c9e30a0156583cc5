-- An interface row's request and response are compressed with lz4 rather than pglz where the server has lz4 (PostgreSQL
-- built with it, as Debian's is): a response of Chinese text passes the 2 kB TOAST threshold, so nearly every row is
-- compressed, and lz4 costs the database about a third less per row (issue 49). PGlite has no lz4 and keeps pglz.
DO $$
BEGIN
  ALTER TABLE "log_interface" ALTER COLUMN "request_param" SET COMPRESSION lz4;
  ALTER TABLE "log_interface" ALTER COLUMN "response_text" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
