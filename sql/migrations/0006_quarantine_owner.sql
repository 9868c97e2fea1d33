-- 0006: a quarantined record remembers the owner it names (when it names one), so
-- `kore forget --owner O` can remove the owner's rejected records too.
ALTER TABLE quarantine ADD COLUMN owner TEXT;
