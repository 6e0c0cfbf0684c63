-- Trigram matching for staff's search box (any fragment of a reference, name, email, phone or account number).
-- pg_trgm ships with PostgreSQL (contrib); creating it needs CREATE on the database (the migrate Job's owner has it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
