"""The audit log: security events per organization, shown to admins in settings."""
