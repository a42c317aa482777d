-- The schema Billfold's migrations make on a fresh database (written by SchemaTests).

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';

CREATE FUNCTION public.categories_stamp() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE users SET categories_stamp = CAST(floor(random() * 9007199254740991) AS BIGINT) WHERE id IN (SELECT user_id FROM changed);
  RETURN NULL;
END $$;

CREATE FUNCTION public.rates_stamp() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE users SET rates_stamp = CAST(floor(random() * 9007199254740991) AS BIGINT) WHERE id IN (SELECT user_id FROM changed);
  RETURN NULL;
END $$;

CREATE FUNCTION public.transaction_tags_moved() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE transaction_tags SET booked_at = NEW.booked_at WHERE transaction_id = NEW.id;
  RETURN NULL;
END $$;

CREATE FUNCTION public.transaction_tags_time() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  NEW.booked_at := (SELECT booked_at FROM transactions WHERE id = NEW.transaction_id);
  RETURN NEW;
END $$;

CREATE FUNCTION public.transaction_totals_to_blocks() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.user_id = OLD.user_id AND NEW.category_key = OLD.category_key AND NEW.status = OLD.status
  AND NEW.currency = OLD.currency AND NEW.account_id = OLD.account_id
  AND NEW.day / 32 = OLD.day / 32 THEN
      INSERT INTO transaction_totals_by_block (user_id, category_key, status, currency, block, account_id, total_minor, count)
VALUES (NEW.user_id, NEW.category_key, NEW.status, NEW.currency,
  NEW.day / 32, NEW.account_id, NEW.total_minor - OLD.total_minor, NEW.count - OLD.count)
ON CONFLICT (user_id, category_key, status, currency, block, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_block.total_minor + excluded.total_minor,
  count = transaction_totals_by_block.count + excluded.count;
DELETE FROM transaction_totals_by_block WHERE user_id = NEW.user_id
  AND category_key = NEW.category_key AND status = NEW.status AND currency = NEW.currency
  AND block = NEW.day / 32 AND account_id = NEW.account_id AND count = 0;
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF (OLD.count <> 0 OR OLD.total_minor <> 0) THEN
      INSERT INTO transaction_totals_by_block (user_id, category_key, status, currency, block, account_id, total_minor, count)
VALUES (OLD.user_id, OLD.category_key, OLD.status, OLD.currency,
  OLD.day / 32, OLD.account_id, -OLD.total_minor, -OLD.count)
ON CONFLICT (user_id, category_key, status, currency, block, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_block.total_minor + excluded.total_minor,
  count = transaction_totals_by_block.count + excluded.count;
DELETE FROM transaction_totals_by_block WHERE user_id = OLD.user_id
  AND category_key = OLD.category_key AND status = OLD.status AND currency = OLD.currency
  AND block = OLD.day / 32 AND account_id = OLD.account_id AND count = 0;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO transaction_totals_by_block (user_id, category_key, status, currency, block, account_id, total_minor, count)
VALUES (NEW.user_id, NEW.category_key, NEW.status, NEW.currency,
  NEW.day / 32, NEW.account_id, NEW.total_minor, NEW.count)
ON CONFLICT (user_id, category_key, status, currency, block, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_block.total_minor + excluded.total_minor,
  count = transaction_totals_by_block.count + excluded.count;
DELETE FROM transaction_totals_by_block WHERE user_id = NEW.user_id
  AND category_key = NEW.category_key AND status = NEW.status AND currency = NEW.currency
  AND block = NEW.day / 32 AND account_id = NEW.account_id AND count = 0;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION public.transaction_totals_to_months() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.user_id = OLD.user_id AND NEW.category_key = OLD.category_key AND NEW.status = OLD.status
  AND NEW.currency = OLD.currency AND NEW.account_id = OLD.account_id AND NEW.day = OLD.day THEN
      INSERT INTO transaction_totals_by_month (user_id, month, category_key, status, currency, account_id, total_minor, count)
VALUES (NEW.user_id, ((((NEW.day + 693901) / 146097) * 400 + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((NEW.day + 693901) % 146097) - (365 * ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 4 - ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798), NEW.category_key, NEW.status, NEW.currency,
  NEW.account_id, NEW.total_minor - OLD.total_minor, NEW.count - OLD.count)
ON CONFLICT (user_id, month, category_key, status, currency, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_month.total_minor + excluded.total_minor,
  count = transaction_totals_by_month.count + excluded.count;
DELETE FROM transaction_totals_by_month WHERE user_id = NEW.user_id AND month = ((((NEW.day + 693901) / 146097) * 400 + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((NEW.day + 693901) % 146097) - (365 * ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 4 - ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798)
  AND category_key = NEW.category_key AND status = NEW.status AND currency = NEW.currency
  AND account_id = NEW.account_id AND count = 0 AND total_minor = 0;
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF (OLD.count <> 0 OR OLD.total_minor <> 0) THEN
      INSERT INTO transaction_totals_by_month (user_id, month, category_key, status, currency, account_id, total_minor, count)
VALUES (OLD.user_id, ((((OLD.day + 693901) / 146097) * 400 + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((OLD.day + 693901) % 146097) - (365 * ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 4 - ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798), OLD.category_key, OLD.status, OLD.currency,
  OLD.account_id, -OLD.total_minor, -OLD.count)
ON CONFLICT (user_id, month, category_key, status, currency, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_month.total_minor + excluded.total_minor,
  count = transaction_totals_by_month.count + excluded.count;
DELETE FROM transaction_totals_by_month WHERE user_id = OLD.user_id AND month = ((((OLD.day + 693901) / 146097) * 400 + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((OLD.day + 693901) % 146097) - (365 * ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) + ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 4 - ((((OLD.day + 693901) % 146097) - ((OLD.day + 693901) % 146097) / 1460 + ((OLD.day + 693901) % 146097) / 36524 - ((OLD.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798)
  AND category_key = OLD.category_key AND status = OLD.status AND currency = OLD.currency
  AND account_id = OLD.account_id AND count = 0 AND total_minor = 0;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO transaction_totals_by_month (user_id, month, category_key, status, currency, account_id, total_minor, count)
VALUES (NEW.user_id, ((((NEW.day + 693901) / 146097) * 400 + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((NEW.day + 693901) % 146097) - (365 * ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 4 - ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798), NEW.category_key, NEW.status, NEW.currency,
  NEW.account_id, NEW.total_minor, NEW.count)
ON CONFLICT (user_id, month, category_key, status, currency, account_id) DO UPDATE SET
  total_minor = transaction_totals_by_month.total_minor + excluded.total_minor,
  count = transaction_totals_by_month.count + excluded.count;
DELETE FROM transaction_totals_by_month WHERE user_id = NEW.user_id AND month = ((((NEW.day + 693901) / 146097) * 400 + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365)) * 12 + ((5 * (((NEW.day + 693901) % 146097) - (365 * ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) + ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 4 - ((((NEW.day + 693901) % 146097) - ((NEW.day + 693901) % 146097) / 1460 + ((NEW.day + 693901) % 146097) / 36524 - ((NEW.day + 693901) % 146097) / 146096) / 365) / 100)) + 2) / 153) - 22798)
  AND category_key = NEW.category_key AND status = NEW.status AND currency = NEW.currency
  AND account_id = NEW.account_id AND count = 0 AND total_minor = 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TABLE public._fluent_migrations (
    id uuid NOT NULL,
    name text NOT NULL,
    batch bigint NOT NULL,
    created_at timestamp with time zone,
    updated_at timestamp with time zone
);

CREATE TABLE public.access_tokens (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    label text NOT NULL,
    secret_hash text NOT NULL,
    created_at bigint NOT NULL,
    last_used_at bigint,
    scope text DEFAULT 'read-write'::text NOT NULL,
    expires_at bigint
);

ALTER TABLE public.access_tokens ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.access_tokens_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.accounts (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    name text NOT NULL,
    display_name text NOT NULL,
    currency text NOT NULL,
    created_at bigint NOT NULL,
    opening_minor bigint DEFAULT 0 NOT NULL,
    archived_at bigint,
    display_key text DEFAULT ''::text NOT NULL,
    made_by_import bigint
);

ALTER TABLE public.accounts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.accounts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.awards_earned (
    user_id bigint NOT NULL,
    award_id text NOT NULL,
    earned_at bigint NOT NULL
);

CREATE TABLE public.budget_rollovers (
    user_id bigint NOT NULL,
    category_id bigint NOT NULL,
    since_month text NOT NULL
);

CREATE TABLE public.budgets (
    user_id bigint NOT NULL,
    category_id bigint NOT NULL,
    month text NOT NULL,
    amount_minor bigint NOT NULL,
    currency text NOT NULL
);

CREATE TABLE public.categories (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    name text NOT NULL,
    description text NOT NULL,
    group_id bigint,
    is_group boolean NOT NULL,
    colour text NOT NULL,
    icon text NOT NULL,
    source_key text,
    created_at bigint NOT NULL,
    updated_at bigint,
    is_income boolean DEFAULT false NOT NULL,
    exclude_from_budget boolean DEFAULT false NOT NULL,
    exclude_from_totals boolean DEFAULT false NOT NULL,
    archived boolean DEFAULT false NOT NULL,
    archived_at bigint,
    "position" bigint DEFAULT 0 NOT NULL,
    name_key text DEFAULT ''::text NOT NULL
);

ALTER TABLE public.categories ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.categories_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.currency_volumes (
    user_id bigint NOT NULL,
    currency text NOT NULL,
    volume_minor bigint NOT NULL
);

CREATE TABLE public.deletions (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    deleted_at bigint NOT NULL,
    count bigint NOT NULL,
    snapshot text NOT NULL
);

ALTER TABLE public.deletions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.deletions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.exchange_rates (
    base text NOT NULL,
    currency text NOT NULL,
    day bigint NOT NULL,
    rate text NOT NULL,
    source text NOT NULL
);

CREATE TABLE public.idempotent_requests (
    user_id bigint NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    status integer NOT NULL,
    content_type text,
    location text,
    body text NOT NULL,
    created_at bigint NOT NULL
);

CREATE TABLE public.import_profiles (
    user_id bigint NOT NULL,
    name text NOT NULL,
    mapping text NOT NULL,
    updated_at bigint NOT NULL
);

CREATE TABLE public.imports (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    file_name text NOT NULL,
    format text NOT NULL,
    created_at bigint NOT NULL,
    added bigint NOT NULL,
    skipped bigint NOT NULL,
    pending bigint NOT NULL,
    unreadable bigint NOT NULL,
    undone_at bigint
);

ALTER TABLE public.imports ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.imports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.items (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    project_id bigint NOT NULL,
    title text NOT NULL,
    detail text NOT NULL,
    priority text NOT NULL,
    completed boolean NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint
);

ALTER TABLE public.items ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.items_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.lunchmoney_connections (
    user_id bigint NOT NULL,
    base_url text NOT NULL,
    token text NOT NULL,
    account_name text NOT NULL,
    checked_at bigint NOT NULL,
    pull_every_minutes bigint
);

CREATE TABLE public.lunchmoney_outbox (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    transaction_id bigint NOT NULL,
    field text NOT NULL,
    value text,
    state text NOT NULL,
    remote_value text,
    attempts bigint NOT NULL,
    next_attempt_at bigint NOT NULL,
    leased_until bigint NOT NULL,
    message text NOT NULL,
    created_at bigint NOT NULL
);

ALTER TABLE public.lunchmoney_outbox ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.lunchmoney_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.lunchmoney_pulls (
    user_id bigint NOT NULL,
    running boolean NOT NULL,
    failed boolean NOT NULL,
    message text NOT NULL,
    updated_at bigint NOT NULL
);

CREATE TABLE public.lunchmoney_synced (
    transaction_id bigint NOT NULL,
    user_id bigint NOT NULL,
    status text NOT NULL,
    category text,
    notes text,
    payee text NOT NULL,
    amount text NOT NULL
);

CREATE TABLE public.personal_rates (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    currency text NOT NULL,
    quote text NOT NULL,
    day bigint NOT NULL,
    rate text NOT NULL,
    created_at bigint NOT NULL
);

ALTER TABLE public.personal_rates ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.personal_rates_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.projects (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    title text NOT NULL,
    detail text NOT NULL,
    colour text NOT NULL,
    closed boolean NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint
);

ALTER TABLE public.projects ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.projects_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.rate_sources (
    name text NOT NULL,
    changed_at bigint NOT NULL,
    rates bigint NOT NULL,
    version bigint NOT NULL,
    last_error text,
    attempted_at bigint
);

CREATE TABLE public.recurring_payments (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    payee text NOT NULL,
    payee_key text NOT NULL,
    currency text NOT NULL,
    rhythm text NOT NULL,
    usual_minor bigint NOT NULL,
    latest_minor bigint NOT NULL,
    before_minor bigint,
    first_seen bigint NOT NULL,
    last_seen bigint NOT NULL,
    seen_count bigint NOT NULL,
    billing_day bigint NOT NULL,
    state text NOT NULL,
    by_hand boolean NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL
);

ALTER TABLE public.recurring_payments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.recurring_payments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.recurring_scans (
    user_id bigint NOT NULL,
    last_transaction_id bigint NOT NULL,
    scanned_at bigint NOT NULL
);

CREATE TABLE public.review_batches (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    idempotency_key text NOT NULL,
    request_hash text NOT NULL,
    response text,
    created_at bigint NOT NULL,
    lease_until bigint
);

ALTER TABLE public.review_batches ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.review_batches_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.review_decisions (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    transaction_id bigint NOT NULL,
    batch_id bigint NOT NULL,
    action text NOT NULL,
    old_category_id bigint,
    new_category_id bigint,
    decided_at bigint NOT NULL
);

ALTER TABLE public.review_decisions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.review_decisions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.rule_run_rows (
    run_id bigint NOT NULL,
    transaction_id bigint NOT NULL,
    before text NOT NULL,
    after text NOT NULL
);

CREATE TABLE public.rule_runs (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    changed bigint NOT NULL,
    created_at bigint NOT NULL,
    undone_at bigint
);

ALTER TABLE public.rule_runs ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.rule_runs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.rules (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    name text NOT NULL,
    enabled boolean NOT NULL,
    "position" bigint NOT NULL,
    stops_after boolean NOT NULL,
    overrides_source boolean NOT NULL,
    conditions text NOT NULL,
    actions text NOT NULL,
    matched_count bigint NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL
);

ALTER TABLE public.rules ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.rules_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.sessions (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    secret_hash text NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    last_seen_at bigint
);

ALTER TABLE public.sessions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.sessions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.setup_claims (
    id bigint NOT NULL,
    claimed_at bigint NOT NULL
);

CREATE TABLE public.sign_in_attempts (
    id bigint NOT NULL,
    key text NOT NULL,
    attempted_at bigint NOT NULL,
    in_flight integer DEFAULT 0 NOT NULL
);

ALTER TABLE public.sign_in_attempts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.sign_in_attempts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.tags (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    name text NOT NULL,
    name_key text NOT NULL,
    description text NOT NULL,
    archived boolean NOT NULL,
    created_at bigint NOT NULL
);

ALTER TABLE public.tags ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.tags_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.transaction_changes (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    transaction_id bigint NOT NULL,
    field text NOT NULL,
    old_value text,
    new_value text,
    changed_at bigint NOT NULL,
    source text
);

ALTER TABLE public.transaction_changes ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.transaction_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.transaction_payee_day_totals (
    user_id bigint NOT NULL,
    category_key bigint NOT NULL,
    status text NOT NULL,
    currency text NOT NULL,
    payee text NOT NULL,
    day bigint NOT NULL,
    account_id bigint NOT NULL,
    total_minor bigint NOT NULL,
    count bigint NOT NULL
);

CREATE TABLE public.transaction_payee_totals (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    category_key bigint NOT NULL,
    status text NOT NULL,
    currency text NOT NULL,
    payee text NOT NULL,
    account_id bigint NOT NULL,
    total_minor bigint NOT NULL,
    count bigint NOT NULL
);

ALTER TABLE public.transaction_payee_totals ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.transaction_payee_totals_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.transaction_tag_totals (
    user_id bigint NOT NULL,
    tag_id bigint NOT NULL,
    category_key bigint NOT NULL,
    status text NOT NULL,
    currency text NOT NULL,
    day bigint NOT NULL,
    account_id bigint NOT NULL,
    total_minor bigint NOT NULL,
    count bigint NOT NULL
);

CREATE TABLE public.transaction_tags (
    transaction_id bigint NOT NULL,
    tag_id bigint NOT NULL,
    user_id bigint NOT NULL,
    booked_at bigint
);

CREATE TABLE public.transaction_totals (
    user_id bigint NOT NULL,
    category_key bigint NOT NULL,
    status text NOT NULL,
    currency text NOT NULL,
    day bigint NOT NULL,
    account_id bigint NOT NULL,
    total_minor bigint NOT NULL,
    count bigint NOT NULL,
    spent_minor bigint DEFAULT 0 NOT NULL,
    spent_count bigint DEFAULT 0 NOT NULL
);

CREATE TABLE public.transaction_totals_by_block (
    user_id bigint NOT NULL,
    category_key bigint NOT NULL,
    status text NOT NULL,
    currency text NOT NULL,
    block bigint NOT NULL,
    account_id bigint NOT NULL,
    total_minor bigint NOT NULL,
    count bigint NOT NULL
);

CREATE TABLE public.transaction_totals_by_month (
    user_id bigint NOT NULL,
    month bigint NOT NULL,
    category_key bigint NOT NULL,
    status text NOT NULL,
    currency text NOT NULL,
    account_id bigint NOT NULL,
    total_minor bigint NOT NULL,
    count bigint NOT NULL
);

CREATE TABLE public.transactions (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    account_id bigint NOT NULL,
    booked_at bigint NOT NULL,
    booked_offset bigint NOT NULL,
    payee text NOT NULL,
    original_name text NOT NULL,
    notes text NOT NULL,
    amount_minor bigint NOT NULL,
    currency text NOT NULL,
    category_id bigint,
    status text NOT NULL,
    external_id text,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL,
    import_id bigint,
    import_key text,
    transfer_id bigint,
    kind text,
    parent_id bigint,
    group_id bigint,
    source_external_id text,
    category_source text,
    CONSTRAINT transactions_category_source_check CHECK ((category_source = ANY (ARRAY['person'::text, 'rule'::text, 'suggestion'::text, 'import'::text, 'lunchmoney'::text])))
);

ALTER TABLE public.transactions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.transactions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.users (
    id bigint NOT NULL,
    email text NOT NULL,
    name text NOT NULL,
    password_hash text NOT NULL,
    locale text NOT NULL,
    time_zone text NOT NULL,
    currency text NOT NULL,
    deck_size bigint NOT NULL,
    created_at bigint NOT NULL,
    deck_animation text DEFAULT 'fly'::text NOT NULL,
    categories_stamp bigint DEFAULT 0 NOT NULL,
    rates_stamp bigint DEFAULT 0 NOT NULL
);

ALTER TABLE public.users ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.users_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public._fluent_migrations
    ADD CONSTRAINT _fluent_migrations_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.access_tokens
    ADD CONSTRAINT access_tokens_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.categories
    ADD CONSTRAINT categories_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.currency_volumes
    ADD CONSTRAINT currency_volumes_pkey PRIMARY KEY (user_id, currency);

ALTER TABLE ONLY public.deletions
    ADD CONSTRAINT deletions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.idempotent_requests
    ADD CONSTRAINT idempotent_requests_pkey PRIMARY KEY (user_id, key);

ALTER TABLE ONLY public.import_profiles
    ADD CONSTRAINT import_profiles_pkey PRIMARY KEY (user_id, name);

ALTER TABLE ONLY public.imports
    ADD CONSTRAINT imports_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.items
    ADD CONSTRAINT items_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.lunchmoney_connections
    ADD CONSTRAINT lunchmoney_connections_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.lunchmoney_outbox
    ADD CONSTRAINT lunchmoney_outbox_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.lunchmoney_pulls
    ADD CONSTRAINT lunchmoney_pulls_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.lunchmoney_synced
    ADD CONSTRAINT lunchmoney_synced_pkey PRIMARY KEY (transaction_id);

ALTER TABLE ONLY public.personal_rates
    ADD CONSTRAINT personal_rates_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.rate_sources
    ADD CONSTRAINT rate_sources_pkey PRIMARY KEY (name);

ALTER TABLE ONLY public.recurring_payments
    ADD CONSTRAINT recurring_payments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.recurring_scans
    ADD CONSTRAINT recurring_scans_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.review_batches
    ADD CONSTRAINT review_batches_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.review_decisions
    ADD CONSTRAINT review_decisions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.rule_run_rows
    ADD CONSTRAINT rule_run_rows_pkey PRIMARY KEY (run_id, transaction_id);

ALTER TABLE ONLY public.rule_runs
    ADD CONSTRAINT rule_runs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.rules
    ADD CONSTRAINT rules_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.setup_claims
    ADD CONSTRAINT setup_claims_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.sign_in_attempts
    ADD CONSTRAINT sign_in_attempts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.transaction_changes
    ADD CONSTRAINT transaction_changes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.transaction_payee_totals
    ADD CONSTRAINT transaction_payee_totals_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.transaction_totals_by_month
    ADD CONSTRAINT transaction_totals_by_month_pkey PRIMARY KEY (user_id, month, category_key, status, currency, account_id) INCLUDE (total_minor, count);

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public._fluent_migrations
    ADD CONSTRAINT "uq:_fluent_migrations.name" UNIQUE (name);

ALTER TABLE ONLY public.access_tokens
    ADD CONSTRAINT "uq:access_tokens.secret_hash" UNIQUE (secret_hash);

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT "uq:accounts.user_id+accounts.name" UNIQUE (user_id, name);

ALTER TABLE ONLY public.awards_earned
    ADD CONSTRAINT "uq:awards_earned.user_id+awards_earned.award_id" UNIQUE (user_id, award_id);

ALTER TABLE ONLY public.budget_rollovers
    ADD CONSTRAINT "uq:budget_rollovers.user_id+budget_rollovers.category_id" UNIQUE (user_id, category_id);

ALTER TABLE ONLY public.budgets
    ADD CONSTRAINT "uq:budgets.user_id+budgets.category_id+budgets.month" UNIQUE (user_id, category_id, month);

ALTER TABLE ONLY public.categories
    ADD CONSTRAINT "uq:categories.user_id+categories.source_key" UNIQUE (user_id, source_key);

ALTER TABLE ONLY public.exchange_rates
    ADD CONSTRAINT "uq:exchange_rates.base+exchange_rates.currency+exchange_rates.d" UNIQUE (base, currency, day);

ALTER TABLE ONLY public.personal_rates
    ADD CONSTRAINT "uq:personal_rates.user_id+personal_rates.currency+personal_rate" UNIQUE (user_id, currency, day);

ALTER TABLE ONLY public.review_batches
    ADD CONSTRAINT "uq:review_batches.user_id+review_batches.idempotency_key" UNIQUE (user_id, idempotency_key);

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT "uq:sessions.secret_hash" UNIQUE (secret_hash);

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT "uq:tags.user_id+tags.name_key" UNIQUE (user_id, name_key);

ALTER TABLE ONLY public.transaction_tags
    ADD CONSTRAINT "uq:transaction_tags.transaction_id+transaction_tags.tag_id" UNIQUE (transaction_id, tag_id);

ALTER TABLE ONLY public.transaction_totals
    ADD CONSTRAINT "uq:transaction_totals.user_id+transaction_totals.category_key+t" UNIQUE (user_id, category_key, status, currency, day, account_id);

ALTER TABLE ONLY public.transaction_totals_by_block
    ADD CONSTRAINT "uq:transaction_totals_by_block.user_id+transaction_totals_by_bl" UNIQUE (user_id, category_key, status, currency, block, account_id);

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT "uq:transactions.user_id+transactions.external_id" UNIQUE (user_id, external_id);

ALTER TABLE ONLY public.users
    ADD CONSTRAINT "uq:users.email" UNIQUE (email);

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

CREATE INDEX access_tokens_by_user ON public.access_tokens USING btree (user_id);

CREATE UNIQUE INDEX accounts_display_key ON public.accounts USING btree (user_id, display_key, currency);

CREATE INDEX categories_by_user ON public.categories USING btree (user_id, group_id);

CREATE UNIQUE INDEX categories_unique_name ON public.categories USING btree (user_id, COALESCE(group_id, (0)::bigint), name_key);

CREATE INDEX deletions_by_user ON public.deletions USING btree (user_id, deleted_at);

CREATE INDEX idempotent_requests_age ON public.idempotent_requests USING btree (created_at);

CREATE INDEX imports_newest ON public.imports USING btree (user_id, created_at);

CREATE INDEX items_by_project ON public.items USING btree (project_id, user_id);

CREATE INDEX lunchmoney_outbox_by_transaction ON public.lunchmoney_outbox USING btree (transaction_id, field);

CREATE INDEX lunchmoney_outbox_due ON public.lunchmoney_outbox USING btree (state, next_attempt_at, id);

CREATE INDEX projects_by_user ON public.projects USING btree (user_id, closed);

CREATE INDEX recurring_payments_by_user ON public.recurring_payments USING btree (user_id, payee_key);

CREATE INDEX review_decisions_by_time ON public.review_decisions USING btree (user_id, decided_at);

CREATE INDEX review_decisions_by_user ON public.review_decisions USING btree (user_id, id);

CREATE INDEX rule_run_rows_by_transaction ON public.rule_run_rows USING btree (transaction_id);

CREATE INDEX rule_runs_by_user ON public.rule_runs USING btree (user_id, id);

CREATE INDEX rules_by_user ON public.rules USING btree (user_id, "position", id);

CREATE INDEX sessions_by_user ON public.sessions USING btree (user_id);

CREATE INDEX sign_in_attempts_by_key ON public.sign_in_attempts USING btree (key, attempted_at);

CREATE INDEX sign_in_attempts_by_time ON public.sign_in_attempts USING btree (attempted_at);

CREATE INDEX transaction_changes_by_time ON public.transaction_changes USING btree (user_id, changed_at, id);

CREATE INDEX transaction_changes_by_transaction ON public.transaction_changes USING btree (transaction_id, id);

CREATE INDEX transaction_payee_day_totals_emptied ON public.transaction_payee_day_totals USING btree (user_id) WHERE (count = 0);

CREATE UNIQUE INDEX transaction_payee_day_totals_key ON public.transaction_payee_day_totals USING btree (user_id, md5(payee), day, category_key, status, currency, account_id);

CREATE INDEX transaction_payee_totals_emptied ON public.transaction_payee_totals USING btree (user_id) WHERE (count = 0);

CREATE UNIQUE INDEX transaction_payee_totals_key ON public.transaction_payee_totals USING btree (user_id, category_key, status, currency, md5(payee), account_id);

CREATE INDEX transaction_tag_totals_emptied ON public.transaction_tag_totals USING btree (user_id) WHERE (count = 0);

CREATE UNIQUE INDEX transaction_tag_totals_key ON public.transaction_tag_totals USING btree (user_id, tag_id, category_key, status, currency, day, account_id);

CREATE INDEX transaction_tags_by_tag ON public.transaction_tags USING btree (tag_id, transaction_id);

CREATE INDEX transaction_tags_newest ON public.transaction_tags USING btree (tag_id, booked_at, transaction_id);

CREATE INDEX transaction_totals_by_currency ON public.transaction_totals USING btree (user_id, currency, day, category_key, status, account_id, total_minor);

CREATE INDEX transaction_totals_by_day ON public.transaction_totals USING btree (user_id, day, category_key, status, currency, account_id, total_minor, count, spent_minor, spent_count);

CREATE INDEX transaction_totals_emptied ON public.transaction_totals USING btree (user_id) WHERE (count = 0);

CREATE INDEX transactions_by_account ON public.transactions USING btree (account_id, booked_at, id);

CREATE INDEX transactions_by_category ON public.transactions USING btree (user_id, category_id, booked_at, id, currency, amount_minor, status);

CREATE INDEX transactions_by_group ON public.transactions USING btree (group_id) WHERE (group_id IS NOT NULL);

CREATE INDEX transactions_by_import ON public.transactions USING btree (import_id) WHERE (import_id IS NOT NULL);

CREATE INDEX transactions_by_parent ON public.transactions USING btree (parent_id) WHERE (parent_id IS NOT NULL);

CREATE INDEX transactions_by_payee ON public.transactions USING btree (user_id, payee, booked_at);

CREATE INDEX transactions_by_status ON public.transactions USING btree (user_id, status, booked_at, id);

CREATE UNIQUE INDEX transactions_import_key ON public.transactions USING btree (account_id, import_key) WHERE (import_key IS NOT NULL);

CREATE INDEX transactions_newest ON public.transactions USING btree (user_id, booked_at, id);

CREATE INDEX transactions_notes_search ON public.transactions USING gin (lower(notes) public.gin_trgm_ops);

CREATE INDEX transactions_payee_search ON public.transactions USING gin (lower(payee) public.gin_trgm_ops);

CREATE INDEX transactions_with_kind ON public.transactions USING btree (user_id, booked_at) WHERE (kind IS NOT NULL);

CREATE TRIGGER categories_stamp_delete AFTER DELETE ON public.categories REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.categories_stamp();

CREATE TRIGGER categories_stamp_insert AFTER INSERT ON public.categories REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.categories_stamp();

CREATE TRIGGER categories_stamp_update AFTER UPDATE ON public.categories REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.categories_stamp();

CREATE TRIGGER rates_stamp_delete AFTER DELETE ON public.personal_rates REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.rates_stamp();

CREATE TRIGGER rates_stamp_insert AFTER INSERT ON public.personal_rates REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.rates_stamp();

CREATE TRIGGER rates_stamp_update AFTER UPDATE ON public.personal_rates REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.rates_stamp();

CREATE TRIGGER transaction_tags_moved AFTER UPDATE OF booked_at ON public.transactions FOR EACH ROW WHEN ((old.booked_at IS DISTINCT FROM new.booked_at)) EXECUTE FUNCTION public.transaction_tags_moved();

CREATE TRIGGER transaction_tags_time BEFORE INSERT ON public.transaction_tags FOR EACH ROW EXECUTE FUNCTION public.transaction_tags_time();

CREATE TRIGGER transaction_totals_to_blocks AFTER INSERT OR DELETE OR UPDATE ON public.transaction_totals FOR EACH ROW EXECUTE FUNCTION public.transaction_totals_to_blocks();

CREATE TRIGGER transaction_totals_to_months AFTER INSERT OR DELETE OR UPDATE ON public.transaction_totals FOR EACH ROW EXECUTE FUNCTION public.transaction_totals_to_months();

ALTER TABLE ONLY public.access_tokens
    ADD CONSTRAINT access_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_made_by_import_fkey FOREIGN KEY (made_by_import) REFERENCES public.imports(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.awards_earned
    ADD CONSTRAINT awards_earned_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.budget_rollovers
    ADD CONSTRAINT budget_rollovers_category_id_fkey FOREIGN KEY (category_id) REFERENCES public.categories(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.budget_rollovers
    ADD CONSTRAINT budget_rollovers_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.budgets
    ADD CONSTRAINT budgets_category_id_fkey FOREIGN KEY (category_id) REFERENCES public.categories(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.budgets
    ADD CONSTRAINT budgets_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.categories
    ADD CONSTRAINT categories_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.categories(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.categories
    ADD CONSTRAINT categories_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.currency_volumes
    ADD CONSTRAINT currency_volumes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.deletions
    ADD CONSTRAINT deletions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.idempotent_requests
    ADD CONSTRAINT idempotent_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.import_profiles
    ADD CONSTRAINT import_profiles_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.imports
    ADD CONSTRAINT imports_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.items
    ADD CONSTRAINT items_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.items
    ADD CONSTRAINT items_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.lunchmoney_connections
    ADD CONSTRAINT lunchmoney_connections_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.lunchmoney_outbox
    ADD CONSTRAINT lunchmoney_outbox_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES public.transactions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.lunchmoney_outbox
    ADD CONSTRAINT lunchmoney_outbox_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.lunchmoney_pulls
    ADD CONSTRAINT lunchmoney_pulls_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.lunchmoney_synced
    ADD CONSTRAINT lunchmoney_synced_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES public.transactions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.lunchmoney_synced
    ADD CONSTRAINT lunchmoney_synced_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.personal_rates
    ADD CONSTRAINT personal_rates_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.recurring_payments
    ADD CONSTRAINT recurring_payments_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.recurring_scans
    ADD CONSTRAINT recurring_scans_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.review_batches
    ADD CONSTRAINT review_batches_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.review_decisions
    ADD CONSTRAINT review_decisions_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES public.review_batches(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.review_decisions
    ADD CONSTRAINT review_decisions_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES public.transactions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.review_decisions
    ADD CONSTRAINT review_decisions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.rule_run_rows
    ADD CONSTRAINT rule_run_rows_run_id_fkey FOREIGN KEY (run_id) REFERENCES public.rule_runs(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.rule_run_rows
    ADD CONSTRAINT rule_run_rows_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES public.transactions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.rule_runs
    ADD CONSTRAINT rule_runs_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.rules
    ADD CONSTRAINT rules_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_changes
    ADD CONSTRAINT transaction_changes_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES public.transactions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_changes
    ADD CONSTRAINT transaction_changes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_payee_day_totals
    ADD CONSTRAINT transaction_payee_day_totals_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_payee_totals
    ADD CONSTRAINT transaction_payee_totals_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_tag_totals
    ADD CONSTRAINT transaction_tag_totals_tag_id_fkey FOREIGN KEY (tag_id) REFERENCES public.tags(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_tag_totals
    ADD CONSTRAINT transaction_tag_totals_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_tags
    ADD CONSTRAINT transaction_tags_tag_id_fkey FOREIGN KEY (tag_id) REFERENCES public.tags(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_tags
    ADD CONSTRAINT transaction_tags_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES public.transactions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_tags
    ADD CONSTRAINT transaction_tags_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_totals_by_block
    ADD CONSTRAINT transaction_totals_by_block_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_totals_by_month
    ADD CONSTRAINT transaction_totals_by_month_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transaction_totals
    ADD CONSTRAINT transaction_totals_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE RESTRICT;

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_category_id_fkey FOREIGN KEY (category_id) REFERENCES public.categories(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_import_id_fkey FOREIGN KEY (import_id) REFERENCES public.imports(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
