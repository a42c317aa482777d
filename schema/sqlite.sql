-- The schema Billfold's migrations make on a fresh database (written by SchemaTests).

-- index access_tokens_by_user
CREATE INDEX access_tokens_by_user ON access_tokens (user_id);

-- index accounts_display_key
CREATE UNIQUE INDEX accounts_display_key ON accounts (user_id, display_key, currency);

-- index categories_by_user
CREATE INDEX categories_by_user ON categories (user_id, group_id);

-- index categories_unique_name
CREATE UNIQUE INDEX categories_unique_name ON categories (user_id, COALESCE(group_id, 0), name_key);

-- index deletions_by_user
CREATE INDEX deletions_by_user ON deletions (user_id, deleted_at);

-- index idempotent_requests_age
CREATE INDEX idempotent_requests_age ON idempotent_requests (created_at);

-- index imports_newest
CREATE INDEX imports_newest ON imports (user_id, created_at);

-- index items_by_project
CREATE INDEX items_by_project ON items (project_id, user_id);

-- index lunchmoney_outbox_by_transaction
CREATE INDEX lunchmoney_outbox_by_transaction ON lunchmoney_outbox (transaction_id, field);

-- index lunchmoney_outbox_due
CREATE INDEX lunchmoney_outbox_due ON lunchmoney_outbox (state, next_attempt_at, id);

-- index projects_by_user
CREATE INDEX projects_by_user ON projects (user_id, closed);

-- index recurring_payments_by_user
CREATE INDEX recurring_payments_by_user ON recurring_payments (user_id, payee_key);

-- index review_decisions_by_time
CREATE INDEX review_decisions_by_time ON review_decisions (user_id, decided_at);

-- index review_decisions_by_user
CREATE INDEX review_decisions_by_user ON review_decisions (user_id, id);

-- index rule_run_rows_by_transaction
CREATE INDEX rule_run_rows_by_transaction ON rule_run_rows (transaction_id);

-- index rule_runs_by_user
CREATE INDEX rule_runs_by_user ON rule_runs (user_id, id);

-- index rules_by_user
CREATE INDEX rules_by_user ON rules (user_id, position, id);

-- index sessions_by_user
CREATE INDEX sessions_by_user ON sessions (user_id);

-- index sign_in_attempts_by_key
CREATE INDEX sign_in_attempts_by_key ON sign_in_attempts (key, attempted_at);

-- index sign_in_attempts_by_time
CREATE INDEX sign_in_attempts_by_time ON sign_in_attempts (attempted_at);

-- index transaction_changes_by_time
CREATE INDEX transaction_changes_by_time ON transaction_changes (user_id, changed_at, id);

-- index transaction_changes_by_transaction
CREATE INDEX transaction_changes_by_transaction ON transaction_changes (transaction_id, id);

-- index transaction_payee_day_totals_emptied
CREATE INDEX transaction_payee_day_totals_emptied ON transaction_payee_day_totals (user_id) WHERE count = 0;

-- index transaction_payee_day_totals_key
CREATE UNIQUE INDEX transaction_payee_day_totals_key ON transaction_payee_day_totals
  (user_id, payee, day, category_key, status, currency, account_id);

-- index transaction_payee_totals_emptied
CREATE INDEX transaction_payee_totals_emptied ON transaction_payee_totals (user_id) WHERE count = 0;

-- index transaction_payee_totals_key
CREATE UNIQUE INDEX transaction_payee_totals_key ON transaction_payee_totals (user_id, category_key, status, currency, payee, account_id);

-- index transaction_tag_totals_emptied
CREATE INDEX transaction_tag_totals_emptied ON transaction_tag_totals (user_id) WHERE count = 0;

-- index transaction_tag_totals_key
CREATE UNIQUE INDEX transaction_tag_totals_key ON transaction_tag_totals (user_id, tag_id, category_key, status, currency, day, account_id);

-- index transaction_tags_by_tag
CREATE INDEX transaction_tags_by_tag ON transaction_tags (tag_id, transaction_id);

-- index transaction_tags_newest
CREATE INDEX transaction_tags_newest ON transaction_tags (tag_id, booked_at, transaction_id);

-- index transaction_totals_by_currency
CREATE INDEX transaction_totals_by_currency ON transaction_totals
  (user_id, currency, day, category_key, status, account_id, total_minor);

-- index transaction_totals_by_day
CREATE INDEX transaction_totals_by_day ON transaction_totals
  (user_id, day, category_key, status, currency, account_id, total_minor, count, spent_minor, spent_count);

-- index transaction_totals_emptied
CREATE INDEX transaction_totals_emptied ON transaction_totals (user_id) WHERE count = 0;

-- index transactions_by_account
CREATE INDEX transactions_by_account ON transactions (account_id, booked_at, id);

-- index transactions_by_category
CREATE INDEX transactions_by_category ON transactions
  (user_id, category_id, booked_at, id, currency, amount_minor, status);

-- index transactions_by_group
CREATE INDEX transactions_by_group ON transactions (group_id) WHERE group_id IS NOT NULL;

-- index transactions_by_import
CREATE INDEX transactions_by_import ON transactions (import_id) WHERE import_id IS NOT NULL;

-- index transactions_by_parent
CREATE INDEX transactions_by_parent ON transactions (parent_id) WHERE parent_id IS NOT NULL;

-- index transactions_by_payee
CREATE INDEX transactions_by_payee ON transactions (user_id, payee, booked_at);

-- index transactions_by_status
CREATE INDEX transactions_by_status ON transactions (user_id, status, booked_at, id);

-- index transactions_import_key
CREATE UNIQUE INDEX transactions_import_key ON transactions (account_id, import_key) WHERE import_key IS NOT NULL;

-- index transactions_newest
CREATE INDEX transactions_newest ON transactions (user_id, booked_at, id);

-- index transactions_with_kind
CREATE INDEX transactions_with_kind ON transactions (user_id, booked_at) WHERE kind IS NOT NULL;

-- table _fluent_migrations
CREATE TABLE "_fluent_migrations" ("id" UUID PRIMARY KEY, "name" TEXT NOT NULL, "batch" INTEGER NOT NULL, "created_at" REAL, "updated_at" REAL, CONSTRAINT "uq:_fluent_migrations.name" UNIQUE ("name"));

-- table access_tokens
CREATE TABLE "access_tokens" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "label" TEXT NOT NULL, "secret_hash" TEXT NOT NULL, "created_at" INTEGER NOT NULL, "last_used_at" INTEGER, scope TEXT NOT NULL DEFAULT 'read-write', expires_at BIGINT, CONSTRAINT "uq:access_tokens.secret_hash" UNIQUE ("secret_hash"));

-- table accounts
CREATE TABLE "accounts" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "name" TEXT NOT NULL, "display_name" TEXT NOT NULL, "currency" TEXT NOT NULL, "created_at" INTEGER NOT NULL, opening_minor BIGINT NOT NULL DEFAULT 0, archived_at BIGINT, display_key TEXT NOT NULL DEFAULT '', made_by_import BIGINT REFERENCES imports(id) ON DELETE SET NULL, CONSTRAINT "uq:accounts.user_id+accounts.name" UNIQUE ("user_id", "name"));

-- table awards_earned
CREATE TABLE "awards_earned" ("user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "award_id" TEXT NOT NULL, "earned_at" INTEGER NOT NULL, CONSTRAINT "uq:awards_earned.user_id+awards_earned.award_id" UNIQUE ("user_id", "award_id"));

-- table budget_rollovers
CREATE TABLE "budget_rollovers" ("user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "category_id" INTEGER NOT NULL REFERENCES "categories" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "since_month" TEXT NOT NULL, CONSTRAINT "uq:budget_rollovers.user_id+budget_rollovers.category_id" UNIQUE ("user_id", "category_id"));

-- table budgets
CREATE TABLE "budgets" ("user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "category_id" INTEGER NOT NULL REFERENCES "categories" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "month" TEXT NOT NULL, "amount_minor" INTEGER NOT NULL, "currency" TEXT NOT NULL, CONSTRAINT "uq:budgets.user_id+budgets.category_id+budgets.month" UNIQUE ("user_id", "category_id", "month"));

-- table categories
CREATE TABLE "categories" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "name" TEXT NOT NULL, "description" TEXT NOT NULL, "group_id" INTEGER REFERENCES "categories" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, "is_group" INTEGER NOT NULL, "colour" TEXT NOT NULL, "icon" TEXT NOT NULL, "source_key" TEXT, "created_at" INTEGER NOT NULL, "updated_at" INTEGER, is_income BOOLEAN NOT NULL DEFAULT false, exclude_from_budget BOOLEAN NOT NULL DEFAULT false, exclude_from_totals BOOLEAN NOT NULL DEFAULT false, archived BOOLEAN NOT NULL DEFAULT false, archived_at BIGINT, position BIGINT NOT NULL DEFAULT 0, name_key TEXT NOT NULL DEFAULT '', CONSTRAINT "uq:categories.user_id+categories.source_key" UNIQUE ("user_id", "source_key"));

-- table currency_volumes
CREATE TABLE currency_volumes (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency TEXT NOT NULL,
  volume_minor INTEGER NOT NULL CHECK (typeof(volume_minor) = 'integer'),
  PRIMARY KEY (user_id, currency));

-- table deletions
CREATE TABLE "deletions" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "deleted_at" INTEGER NOT NULL, "count" INTEGER NOT NULL, "snapshot" TEXT NOT NULL);

-- table exchange_rates
CREATE TABLE "exchange_rates" ("base" TEXT NOT NULL, "currency" TEXT NOT NULL, "day" INTEGER NOT NULL, "rate" TEXT NOT NULL, "source" TEXT NOT NULL, CONSTRAINT "uq:exchange_rates.base+exchange_rates.currency+exchange_rates.day" UNIQUE ("base", "currency", "day"));

-- table idempotent_requests
CREATE TABLE idempotent_requests (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status INTEGER NOT NULL,
    content_type TEXT,
    location TEXT,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, key)
);

-- table import_profiles
CREATE TABLE import_profiles (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    mapping TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, name)
);

-- table imports
CREATE TABLE "imports" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "file_name" TEXT NOT NULL, "format" TEXT NOT NULL, "created_at" INTEGER NOT NULL, "added" INTEGER NOT NULL, "skipped" INTEGER NOT NULL, "pending" INTEGER NOT NULL, "unreadable" INTEGER NOT NULL, "undone_at" INTEGER);

-- table items
CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "project_id" INTEGER NOT NULL REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "title" TEXT NOT NULL, "detail" TEXT NOT NULL, "priority" TEXT NOT NULL, "completed" INTEGER NOT NULL, "created_at" INTEGER NOT NULL, "updated_at" INTEGER);

-- table lunchmoney_connections
CREATE TABLE "lunchmoney_connections" ("user_id" INTEGER PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "base_url" TEXT NOT NULL, "token" TEXT NOT NULL, "account_name" TEXT NOT NULL, "checked_at" INTEGER NOT NULL, "pull_every_minutes" INTEGER);

-- table lunchmoney_outbox
CREATE TABLE "lunchmoney_outbox" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "transaction_id" INTEGER NOT NULL REFERENCES "transactions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "field" TEXT NOT NULL, "value" TEXT, "state" TEXT NOT NULL, "remote_value" TEXT, "attempts" INTEGER NOT NULL, "next_attempt_at" INTEGER NOT NULL, "leased_until" INTEGER NOT NULL, "message" TEXT NOT NULL, "created_at" INTEGER NOT NULL);

-- table lunchmoney_pulls
CREATE TABLE "lunchmoney_pulls" ("user_id" INTEGER PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "running" INTEGER NOT NULL, "failed" INTEGER NOT NULL, "message" TEXT NOT NULL, "updated_at" INTEGER NOT NULL);

-- table lunchmoney_synced
CREATE TABLE "lunchmoney_synced" ("transaction_id" INTEGER PRIMARY KEY REFERENCES "transactions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "status" TEXT NOT NULL, "category" TEXT, "notes" TEXT, "payee" TEXT NOT NULL, "amount" TEXT NOT NULL);

-- table personal_rates
CREATE TABLE "personal_rates" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "currency" TEXT NOT NULL, "quote" TEXT NOT NULL, "day" INTEGER NOT NULL, "rate" TEXT NOT NULL, "created_at" INTEGER NOT NULL, CONSTRAINT "uq:personal_rates.user_id+personal_rates.currency+personal_rates.day" UNIQUE ("user_id", "currency", "day"));

-- table projects
CREATE TABLE "projects" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "title" TEXT NOT NULL, "detail" TEXT NOT NULL, "colour" TEXT NOT NULL, "closed" INTEGER NOT NULL, "created_at" INTEGER NOT NULL, "updated_at" INTEGER);

-- table rate_sources
CREATE TABLE "rate_sources" ("name" TEXT PRIMARY KEY, "changed_at" INTEGER NOT NULL, "rates" INTEGER NOT NULL, "version" INTEGER NOT NULL, "last_error" TEXT, "attempted_at" INTEGER);

-- table recurring_payments
CREATE TABLE "recurring_payments" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "payee" TEXT NOT NULL, "payee_key" TEXT NOT NULL, "currency" TEXT NOT NULL, "rhythm" TEXT NOT NULL, "usual_minor" INTEGER NOT NULL, "latest_minor" INTEGER NOT NULL, "before_minor" INTEGER, "first_seen" INTEGER NOT NULL, "last_seen" INTEGER NOT NULL, "seen_count" INTEGER NOT NULL, "billing_day" INTEGER NOT NULL, "state" TEXT NOT NULL, "by_hand" INTEGER NOT NULL, "created_at" INTEGER NOT NULL, "updated_at" INTEGER NOT NULL);

-- table recurring_scans
CREATE TABLE "recurring_scans" ("user_id" INTEGER PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "last_transaction_id" INTEGER NOT NULL, "scanned_at" INTEGER NOT NULL);

-- table review_batches
CREATE TABLE "review_batches" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "idempotency_key" TEXT NOT NULL, "request_hash" TEXT NOT NULL, "response" TEXT, "created_at" INTEGER NOT NULL, "lease_until" INTEGER, CONSTRAINT "uq:review_batches.user_id+review_batches.idempotency_key" UNIQUE ("user_id", "idempotency_key"));

-- table review_decisions
CREATE TABLE "review_decisions" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "transaction_id" INTEGER NOT NULL REFERENCES "transactions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "batch_id" INTEGER NOT NULL REFERENCES "review_batches" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "action" TEXT NOT NULL, "old_category_id" INTEGER, "new_category_id" INTEGER, "decided_at" INTEGER NOT NULL);

-- table rule_run_rows
CREATE TABLE "rule_run_rows" ("run_id" INTEGER NOT NULL REFERENCES "rule_runs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "transaction_id" INTEGER NOT NULL REFERENCES "transactions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "before" TEXT NOT NULL, "after" TEXT NOT NULL, PRIMARY KEY ("run_id", "transaction_id"));

-- table rule_runs
CREATE TABLE "rule_runs" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "changed" INTEGER NOT NULL, "created_at" INTEGER NOT NULL, "undone_at" INTEGER);

-- table rules
CREATE TABLE "rules" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "name" TEXT NOT NULL, "enabled" INTEGER NOT NULL, "position" INTEGER NOT NULL, "stops_after" INTEGER NOT NULL, "overrides_source" INTEGER NOT NULL, "conditions" TEXT NOT NULL, "actions" TEXT NOT NULL, "matched_count" INTEGER NOT NULL, "created_at" INTEGER NOT NULL, "updated_at" INTEGER NOT NULL);

-- table sessions
CREATE TABLE "sessions" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "secret_hash" TEXT NOT NULL, "created_at" INTEGER NOT NULL, "expires_at" INTEGER NOT NULL, "last_seen_at" INTEGER, CONSTRAINT "uq:sessions.secret_hash" UNIQUE ("secret_hash"));

-- table setup_claims
CREATE TABLE "setup_claims" ("id" INTEGER PRIMARY KEY, "claimed_at" INTEGER NOT NULL);

-- table sign_in_attempts
CREATE TABLE "sign_in_attempts" ("id" INTEGER PRIMARY KEY, "key" TEXT NOT NULL, "attempted_at" INTEGER NOT NULL, in_flight INTEGER NOT NULL DEFAULT 0);

-- table tags
CREATE TABLE "tags" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "name" TEXT NOT NULL, "name_key" TEXT NOT NULL, "description" TEXT NOT NULL, "archived" INTEGER NOT NULL, "created_at" INTEGER NOT NULL, CONSTRAINT "uq:tags.user_id+tags.name_key" UNIQUE ("user_id", "name_key"));

-- table transaction_changes
CREATE TABLE "transaction_changes" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "transaction_id" INTEGER NOT NULL REFERENCES "transactions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "field" TEXT NOT NULL, "old_value" TEXT, "new_value" TEXT, "changed_at" INTEGER NOT NULL, source TEXT);

-- table transaction_notes_search
CREATE VIRTUAL TABLE transaction_notes_search USING fts5(
  notes, content = 'transactions', content_rowid = 'id', tokenize = 'trigram', columnsize = 0);

-- table transaction_notes_search_config
CREATE TABLE 'transaction_notes_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table transaction_notes_search_data
CREATE TABLE 'transaction_notes_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table transaction_notes_search_idx
CREATE TABLE 'transaction_notes_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table transaction_payee_day_totals
CREATE TABLE "transaction_payee_day_totals" ("user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "category_key" INTEGER NOT NULL, "status" TEXT NOT NULL, "currency" TEXT NOT NULL, "payee" TEXT NOT NULL, "day" INTEGER NOT NULL, "account_id" INTEGER NOT NULL, "total_minor" INTEGER NOT NULL, "count" INTEGER NOT NULL);

-- table transaction_payee_search
CREATE VIRTUAL TABLE transaction_payee_search USING fts5(
  payee, content = 'transaction_payee_totals', content_rowid = 'id', tokenize = 'trigram');

-- table transaction_payee_search_config
CREATE TABLE 'transaction_payee_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table transaction_payee_search_data
CREATE TABLE 'transaction_payee_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table transaction_payee_search_docsize
CREATE TABLE 'transaction_payee_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table transaction_payee_search_idx
CREATE TABLE 'transaction_payee_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table transaction_payee_totals
CREATE TABLE "transaction_payee_totals" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "category_key" INTEGER NOT NULL, "status" TEXT NOT NULL, "currency" TEXT NOT NULL, "payee" TEXT NOT NULL, "account_id" INTEGER NOT NULL, "total_minor" INTEGER NOT NULL, "count" INTEGER NOT NULL);

-- table transaction_search
CREATE VIRTUAL TABLE transaction_search USING fts5(
  payee, content = 'transactions', content_rowid = 'id', tokenize = 'trigram', columnsize = 0);

-- table transaction_search_config
CREATE TABLE 'transaction_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table transaction_search_data
CREATE TABLE 'transaction_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table transaction_search_idx
CREATE TABLE 'transaction_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table transaction_tag_totals
CREATE TABLE "transaction_tag_totals" ("user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "tag_id" INTEGER NOT NULL REFERENCES "tags" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "category_key" INTEGER NOT NULL, "status" TEXT NOT NULL, "currency" TEXT NOT NULL, "day" INTEGER NOT NULL, "account_id" INTEGER NOT NULL, "total_minor" INTEGER NOT NULL, "count" INTEGER NOT NULL);

-- table transaction_tags
CREATE TABLE "transaction_tags" ("transaction_id" INTEGER NOT NULL REFERENCES "transactions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "tag_id" INTEGER NOT NULL REFERENCES "tags" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, booked_at BIGINT, CONSTRAINT "uq:transaction_tags.transaction_id+transaction_tags.tag_id" UNIQUE ("transaction_id", "tag_id"));

-- table transaction_totals
CREATE TABLE "transaction_totals" ("user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "category_key" INTEGER NOT NULL, "status" TEXT NOT NULL, "currency" TEXT NOT NULL, "day" INTEGER NOT NULL, "account_id" INTEGER NOT NULL, "total_minor" INTEGER NOT NULL, "count" INTEGER NOT NULL, spent_minor BIGINT NOT NULL DEFAULT 0, spent_count BIGINT NOT NULL DEFAULT 0, CONSTRAINT "uq:transaction_totals.user_id+transaction_totals.category_key+transaction_totals.status+transaction_totals.currency+transaction_totals.day+transaction_totals.account_id" UNIQUE ("user_id", "category_key", "status", "currency", "day", "account_id"));

-- table transaction_totals_by_block
CREATE TABLE "transaction_totals_by_block" ("user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "category_key" INTEGER NOT NULL, "status" TEXT NOT NULL, "currency" TEXT NOT NULL, "block" INTEGER NOT NULL, "account_id" INTEGER NOT NULL, "total_minor" INTEGER NOT NULL, "count" INTEGER NOT NULL, CONSTRAINT "uq:transaction_totals_by_block.user_id+transaction_totals_by_block.category_key+transaction_totals_by_block.status+transaction_totals_by_block.currency+transaction_totals_by_block.block+transaction_totals_by_block.account_id" UNIQUE ("user_id", "category_key", "status", "currency", "block", "account_id"));

-- table transaction_totals_by_month
CREATE TABLE transaction_totals_by_month (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month INTEGER NOT NULL, category_key INTEGER NOT NULL, status TEXT NOT NULL,
  currency TEXT NOT NULL, account_id INTEGER NOT NULL,
  total_minor INTEGER NOT NULL, count INTEGER NOT NULL,
  PRIMARY KEY (user_id, month, category_key, status, currency, account_id)) WITHOUT ROWID;

-- table transactions
CREATE TABLE "transactions" ("id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, "account_id" INTEGER NOT NULL REFERENCES "accounts" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, "booked_at" INTEGER NOT NULL, "booked_offset" INTEGER NOT NULL, "payee" TEXT NOT NULL, "original_name" TEXT NOT NULL, "notes" TEXT NOT NULL, "amount_minor" INTEGER NOT NULL, "currency" TEXT NOT NULL, "category_id" INTEGER REFERENCES "categories" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, "status" TEXT NOT NULL, "external_id" TEXT, "created_at" INTEGER NOT NULL, "updated_at" INTEGER NOT NULL, import_id BIGINT REFERENCES imports(id) ON DELETE SET NULL, import_key TEXT, transfer_id BIGINT, kind TEXT, parent_id BIGINT, group_id BIGINT, source_external_id TEXT, category_source TEXT
  CHECK (category_source IN ('person', 'rule', 'suggestion', 'import', 'lunchmoney')), CONSTRAINT "uq:transactions.user_id+transactions.external_id" UNIQUE ("user_id", "external_id"));

-- table users
CREATE TABLE "users" ("id" INTEGER PRIMARY KEY, "email" TEXT NOT NULL, "name" TEXT NOT NULL, "password_hash" TEXT NOT NULL, "locale" TEXT NOT NULL, "time_zone" TEXT NOT NULL, "currency" TEXT NOT NULL, "deck_size" INTEGER NOT NULL, "created_at" INTEGER NOT NULL, deck_animation TEXT NOT NULL DEFAULT 'fly', categories_stamp BIGINT NOT NULL DEFAULT 0, rates_stamp BIGINT NOT NULL DEFAULT 0, CONSTRAINT "uq:users.email" UNIQUE ("email"));

-- trigger categories_stamp_delete
CREATE TRIGGER categories_stamp_delete AFTER DELETE ON categories BEGIN
  UPDATE users SET categories_stamp = random() WHERE id = OLD.user_id; END;

-- trigger categories_stamp_insert
CREATE TRIGGER categories_stamp_insert AFTER INSERT ON categories BEGIN
  UPDATE users SET categories_stamp = random() WHERE id = NEW.user_id; END;

-- trigger categories_stamp_update
CREATE TRIGGER categories_stamp_update AFTER UPDATE ON categories BEGIN
  UPDATE users SET categories_stamp = random() WHERE id = NEW.user_id; END;

-- trigger rates_stamp_delete
CREATE TRIGGER rates_stamp_delete AFTER DELETE ON personal_rates BEGIN
  UPDATE users SET rates_stamp = random() WHERE id = OLD.user_id; END;

-- trigger rates_stamp_insert
CREATE TRIGGER rates_stamp_insert AFTER INSERT ON personal_rates BEGIN
  UPDATE users SET rates_stamp = random() WHERE id = NEW.user_id; END;

-- trigger rates_stamp_update
CREATE TRIGGER rates_stamp_update AFTER UPDATE ON personal_rates BEGIN
  UPDATE users SET rates_stamp = random() WHERE id = NEW.user_id; END;

-- trigger transaction_notes_search_delete
CREATE TRIGGER transaction_notes_search_delete AFTER DELETE ON transactions BEGIN INSERT INTO transaction_notes_search (transaction_notes_search, rowid, notes)
SELECT 'delete', OLD.id, OLD.notes WHERE OLD.notes <> ''; END;

-- trigger transaction_notes_search_insert
CREATE TRIGGER transaction_notes_search_insert AFTER INSERT ON transactions BEGIN INSERT INTO transaction_notes_search (rowid, notes) SELECT NEW.id, NEW.notes WHERE NEW.notes <> ''; END;

-- trigger transaction_notes_search_update
CREATE TRIGGER transaction_notes_search_update AFTER UPDATE OF notes ON transactions BEGIN INSERT INTO transaction_notes_search (transaction_notes_search, rowid, notes)
SELECT 'delete', OLD.id, OLD.notes WHERE OLD.notes <> ''; INSERT INTO transaction_notes_search (rowid, notes) SELECT NEW.id, NEW.notes WHERE NEW.notes <> ''; END;

-- trigger transaction_payee_search_delete
CREATE TRIGGER transaction_payee_search_delete AFTER DELETE ON transaction_payee_totals BEGIN INSERT INTO transaction_payee_search (transaction_payee_search, rowid, payee) VALUES ('delete', OLD.id, OLD.payee); END;

-- trigger transaction_payee_search_insert
CREATE TRIGGER transaction_payee_search_insert AFTER INSERT ON transaction_payee_totals BEGIN INSERT INTO transaction_payee_search (rowid, payee) VALUES (NEW.id, NEW.payee); END;

-- trigger transaction_search_delete
CREATE TRIGGER transaction_search_delete AFTER DELETE ON transactions BEGIN INSERT INTO transaction_search (transaction_search, rowid, payee) VALUES ('delete', OLD.id, OLD.payee); END;

-- trigger transaction_search_insert
CREATE TRIGGER transaction_search_insert AFTER INSERT ON transactions BEGIN INSERT INTO transaction_search (rowid, payee) VALUES (NEW.id, NEW.payee); END;

-- trigger transaction_search_update
CREATE TRIGGER transaction_search_update AFTER UPDATE OF payee ON transactions BEGIN INSERT INTO transaction_search (transaction_search, rowid, payee) VALUES ('delete', OLD.id, OLD.payee); INSERT INTO transaction_search (rowid, payee) VALUES (NEW.id, NEW.payee); END;

-- trigger transaction_tags_moved
CREATE TRIGGER transaction_tags_moved AFTER UPDATE OF booked_at ON transactions BEGIN
  UPDATE transaction_tags SET booked_at = NEW.booked_at WHERE transaction_id = NEW.id; END;

-- trigger transaction_tags_time
CREATE TRIGGER transaction_tags_time AFTER INSERT ON transaction_tags BEGIN
  UPDATE transaction_tags SET booked_at = (SELECT booked_at FROM transactions WHERE id = NEW.transaction_id)
  WHERE transaction_id = NEW.transaction_id AND tag_id = NEW.tag_id; END;

-- trigger transaction_totals_to_blocks_delete
CREATE TRIGGER transaction_totals_to_blocks_delete AFTER DELETE ON transaction_totals WHEN (OLD.count <> 0 OR OLD.total_minor <> 0) BEGIN INSERT INTO transaction_totals_by_block (user_id, category_key, status, currency, block, account_id, total_minor, count)
VALUES (OLD.user_id, OLD.category_key, OLD.status, OLD.currency,
  OLD.day / 32, OLD.account_id, -OLD.total_minor, -OLD.count)
ON CONFLICT (user_id, category_key, status, currency, block, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_block.total_minor + excluded.total_minor,
  count = transaction_totals_by_block.count + excluded.count;
DELETE FROM transaction_totals_by_block WHERE user_id = OLD.user_id
  AND category_key = OLD.category_key AND status = OLD.status AND currency = OLD.currency
  AND block = OLD.day / 32 AND account_id = OLD.account_id AND count = 0; END;

-- trigger transaction_totals_to_blocks_insert
CREATE TRIGGER transaction_totals_to_blocks_insert AFTER INSERT ON transaction_totals BEGIN INSERT INTO transaction_totals_by_block (user_id, category_key, status, currency, block, account_id, total_minor, count)
VALUES (NEW.user_id, NEW.category_key, NEW.status, NEW.currency,
  NEW.day / 32, NEW.account_id, NEW.total_minor, NEW.count)
ON CONFLICT (user_id, category_key, status, currency, block, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_block.total_minor + excluded.total_minor,
  count = transaction_totals_by_block.count + excluded.count;
DELETE FROM transaction_totals_by_block WHERE user_id = NEW.user_id
  AND category_key = NEW.category_key AND status = NEW.status AND currency = NEW.currency
  AND block = NEW.day / 32 AND account_id = NEW.account_id AND count = 0; END;

-- trigger transaction_totals_to_blocks_move
CREATE TRIGGER transaction_totals_to_blocks_move AFTER UPDATE ON transaction_totals WHEN NOT (NEW.user_id = OLD.user_id AND NEW.category_key = OLD.category_key AND NEW.status = OLD.status
  AND NEW.currency = OLD.currency AND NEW.account_id = OLD.account_id
  AND NEW.day / 32 = OLD.day / 32) BEGIN INSERT INTO transaction_totals_by_block (user_id, category_key, status, currency, block, account_id, total_minor, count)
VALUES (OLD.user_id, OLD.category_key, OLD.status, OLD.currency,
  OLD.day / 32, OLD.account_id, -OLD.total_minor, -OLD.count)
ON CONFLICT (user_id, category_key, status, currency, block, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_block.total_minor + excluded.total_minor,
  count = transaction_totals_by_block.count + excluded.count;
DELETE FROM transaction_totals_by_block WHERE user_id = OLD.user_id
  AND category_key = OLD.category_key AND status = OLD.status AND currency = OLD.currency
  AND block = OLD.day / 32 AND account_id = OLD.account_id AND count = 0;INSERT INTO transaction_totals_by_block (user_id, category_key, status, currency, block, account_id, total_minor, count)
VALUES (NEW.user_id, NEW.category_key, NEW.status, NEW.currency,
  NEW.day / 32, NEW.account_id, NEW.total_minor, NEW.count)
ON CONFLICT (user_id, category_key, status, currency, block, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_block.total_minor + excluded.total_minor,
  count = transaction_totals_by_block.count + excluded.count;
DELETE FROM transaction_totals_by_block WHERE user_id = NEW.user_id
  AND category_key = NEW.category_key AND status = NEW.status AND currency = NEW.currency
  AND block = NEW.day / 32 AND account_id = NEW.account_id AND count = 0; END;

-- trigger transaction_totals_to_blocks_update
CREATE TRIGGER transaction_totals_to_blocks_update AFTER UPDATE ON transaction_totals WHEN NEW.user_id = OLD.user_id AND NEW.category_key = OLD.category_key AND NEW.status = OLD.status
  AND NEW.currency = OLD.currency AND NEW.account_id = OLD.account_id
  AND NEW.day / 32 = OLD.day / 32 BEGIN INSERT INTO transaction_totals_by_block (user_id, category_key, status, currency, block, account_id, total_minor, count)
VALUES (NEW.user_id, NEW.category_key, NEW.status, NEW.currency,
  NEW.day / 32, NEW.account_id, NEW.total_minor - OLD.total_minor, NEW.count - OLD.count)
ON CONFLICT (user_id, category_key, status, currency, block, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_block.total_minor + excluded.total_minor,
  count = transaction_totals_by_block.count + excluded.count;
DELETE FROM transaction_totals_by_block WHERE user_id = NEW.user_id
  AND category_key = NEW.category_key AND status = NEW.status AND currency = NEW.currency
  AND block = NEW.day / 32 AND account_id = NEW.account_id AND count = 0; END;

-- trigger transaction_totals_to_months_delete
CREATE TRIGGER transaction_totals_to_months_delete AFTER DELETE ON transaction_totals WHEN (OLD.count <> 0 OR OLD.total_minor <> 0) BEGIN INSERT INTO transaction_totals_by_month (user_id, month, category_key, status, currency, account_id, total_minor, count)
VALUES (OLD.user_id, ((((OLD.day + 693901) / 146097) * 400 + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((OLD.day + 693901) % 146097) - (365 * ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 4 - ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798), OLD.category_key, OLD.status, OLD.currency,
  OLD.account_id, -OLD.total_minor, -OLD.count)
ON CONFLICT (user_id, month, category_key, status, currency, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_month.total_minor + excluded.total_minor,
  count = transaction_totals_by_month.count + excluded.count;
DELETE FROM transaction_totals_by_month WHERE user_id = OLD.user_id AND month = ((((OLD.day + 693901) / 146097) * 400 + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((OLD.day + 693901) % 146097) - (365 * ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 4 - ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798)
  AND category_key = OLD.category_key AND status = OLD.status AND currency = OLD.currency
  AND account_id = OLD.account_id AND count = 0 AND total_minor = 0; END;

-- trigger transaction_totals_to_months_insert
CREATE TRIGGER transaction_totals_to_months_insert AFTER INSERT ON transaction_totals BEGIN INSERT INTO transaction_totals_by_month (user_id, month, category_key, status, currency, account_id, total_minor, count)
VALUES (NEW.user_id, ((((NEW.day + 693901) / 146097) * 400 + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((NEW.day + 693901) % 146097) - (365 * ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 4 - ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798), NEW.category_key, NEW.status, NEW.currency,
  NEW.account_id, NEW.total_minor, NEW.count)
ON CONFLICT (user_id, month, category_key, status, currency, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_month.total_minor + excluded.total_minor,
  count = transaction_totals_by_month.count + excluded.count;
DELETE FROM transaction_totals_by_month WHERE user_id = NEW.user_id AND month = ((((NEW.day + 693901) / 146097) * 400 + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((NEW.day + 693901) % 146097) - (365 * ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 4 - ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798)
  AND category_key = NEW.category_key AND status = NEW.status AND currency = NEW.currency
  AND account_id = NEW.account_id AND count = 0 AND total_minor = 0; END;

-- trigger transaction_totals_to_months_move
CREATE TRIGGER transaction_totals_to_months_move AFTER UPDATE ON transaction_totals WHEN NOT (NEW.user_id = OLD.user_id AND NEW.category_key = OLD.category_key AND NEW.status = OLD.status
  AND NEW.currency = OLD.currency AND NEW.account_id = OLD.account_id AND NEW.day = OLD.day) BEGIN INSERT INTO transaction_totals_by_month (user_id, month, category_key, status, currency, account_id, total_minor, count)
VALUES (OLD.user_id, ((((OLD.day + 693901) / 146097) * 400 + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((OLD.day + 693901) % 146097) - (365 * ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 4 - ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798), OLD.category_key, OLD.status, OLD.currency,
  OLD.account_id, -OLD.total_minor, -OLD.count)
ON CONFLICT (user_id, month, category_key, status, currency, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_month.total_minor + excluded.total_minor,
  count = transaction_totals_by_month.count + excluded.count;
DELETE FROM transaction_totals_by_month WHERE user_id = OLD.user_id AND month = ((((OLD.day + 693901) / 146097) * 400 + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((OLD.day + 693901) % 146097) - (365 * ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 4 - ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798)
  AND category_key = OLD.category_key AND status = OLD.status AND currency = OLD.currency
  AND account_id = OLD.account_id AND count = 0 AND total_minor = 0;INSERT INTO transaction_totals_by_month (user_id, month, category_key, status, currency, account_id, total_minor, count)
VALUES (NEW.user_id, ((((NEW.day + 693901) / 146097) * 400 + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((NEW.day + 693901) % 146097) - (365 * ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 4 - ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798), NEW.category_key, NEW.status, NEW.currency,
  NEW.account_id, NEW.total_minor, NEW.count)
ON CONFLICT (user_id, month, category_key, status, currency, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_month.total_minor + excluded.total_minor,
  count = transaction_totals_by_month.count + excluded.count;
DELETE FROM transaction_totals_by_month WHERE user_id = NEW.user_id AND month = ((((NEW.day + 693901) / 146097) * 400 + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((NEW.day + 693901) % 146097) - (365 * ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 4 - ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798)
  AND category_key = NEW.category_key AND status = NEW.status AND currency = NEW.currency
  AND account_id = NEW.account_id AND count = 0 AND total_minor = 0; END;

-- trigger transaction_totals_to_months_update
CREATE TRIGGER transaction_totals_to_months_update AFTER UPDATE ON transaction_totals WHEN NEW.user_id = OLD.user_id AND NEW.category_key = OLD.category_key AND NEW.status = OLD.status
  AND NEW.currency = OLD.currency AND NEW.account_id = OLD.account_id AND NEW.day = OLD.day BEGIN INSERT INTO transaction_totals_by_month (user_id, month, category_key, status, currency, account_id, total_minor, count)
VALUES (NEW.user_id, ((((NEW.day + 693901) / 146097) * 400 + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((NEW.day + 693901) % 146097) - (365 * ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 4 - ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798), NEW.category_key, NEW.status, NEW.currency,
  NEW.account_id, NEW.total_minor - OLD.total_minor, NEW.count - OLD.count)
ON CONFLICT (user_id, month, category_key, status, currency, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_month.total_minor + excluded.total_minor,
  count = transaction_totals_by_month.count + excluded.count;
DELETE FROM transaction_totals_by_month WHERE user_id = NEW.user_id AND month = ((((NEW.day + 693901) / 146097) * 400 + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((NEW.day + 693901) % 146097) - (365 * ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 4 - ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798)
  AND category_key = NEW.category_key AND status = NEW.status AND currency = NEW.currency
  AND account_id = NEW.account_id AND count = 0 AND total_minor = 0; END;
