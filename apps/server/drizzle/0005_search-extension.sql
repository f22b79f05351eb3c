-- Trigram indexes let the invoice list find a number by any part of it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
