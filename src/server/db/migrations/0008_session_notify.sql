-- Instances cache sessions for a few seconds; every change that must end a cached session (a
-- session deleted: sign-out, revocation, password reset; a user changed or deleted: role, name,
-- e-mail) is announced on 'portal_sessions', whoever made it (better-auth, the CLI, plain SQL).
CREATE OR REPLACE FUNCTION portal_session_changed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'auth_sessions' THEN
    PERFORM pg_notify('portal_sessions', 's:' || OLD.token);
  ELSE
    PERFORM pg_notify('portal_sessions', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_changed AFTER DELETE ON auth_sessions FOR EACH ROW EXECUTE FUNCTION portal_session_changed();
--> statement-breakpoint
CREATE TRIGGER auth_users_changed AFTER UPDATE OR DELETE ON auth_users FOR EACH ROW EXECUTE FUNCTION portal_session_changed();
