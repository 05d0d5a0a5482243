-- Caches of every server process learn of changes through NOTIFY on the channel fcs_invalidate
-- (docs/decisions/0018). The payload is '<topic>:<id>'. Triggers send it, so every change path
-- (API, command line, an operator's SQL) is covered, and only committed changes are announced.
CREATE FUNCTION fcs_notify_invalidation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fcs_invalidate', TG_ARGV[0] || ':' || COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_invalidate_update AFTER UPDATE ON organizations FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_notify_invalidation('organization');
--> statement-breakpoint
CREATE TRIGGER organizations_invalidate_delete AFTER DELETE ON organizations FOR EACH ROW
  EXECUTE FUNCTION fcs_notify_invalidation('organization');
--> statement-breakpoint
CREATE TRIGGER users_invalidate_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.languages IS DISTINCT FROM NEW.languages OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION fcs_notify_invalidation('user');
--> statement-breakpoint
CREATE TRIGGER users_invalidate_delete AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION fcs_notify_invalidation('user');
--> statement-breakpoint
CREATE TRIGGER auth_sessions_invalidate_update AFTER UPDATE ON auth_sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION fcs_notify_invalidation('session');
--> statement-breakpoint
CREATE TRIGGER auth_sessions_invalidate_delete AFTER DELETE ON auth_sessions FOR EACH ROW
  EXECUTE FUNCTION fcs_notify_invalidation('session');
--> statement-breakpoint
CREATE TRIGGER integration_tokens_invalidate_update AFTER UPDATE ON integration_tokens FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION fcs_notify_invalidation('integration-token');
--> statement-breakpoint
CREATE TRIGGER integration_tokens_invalidate_delete AFTER DELETE ON integration_tokens FOR EACH ROW
  EXECUTE FUNCTION fcs_notify_invalidation('integration-token');
