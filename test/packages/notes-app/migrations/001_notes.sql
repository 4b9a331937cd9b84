-- up
CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL);
INSERT INTO notes (text) VALUES ('from a migration');

-- down
DROP TABLE notes;
