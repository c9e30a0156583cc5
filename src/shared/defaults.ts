/**
 * Defaults of the embedded deployment, documented in the README. A standalone server for a team sets its
 * own through CONSOLE_CLIENT_ID, CONSOLE_CLIENT_SECRET, CONSOLE_TRANSPORT_SECRET and CONSOLE_ADMIN_PASSWORD,
 * and its workstations receive the same values through the managed configuration.
 */
export const DEFAULT_CLIENT_ID = 'backoffice-console';
export const DEFAULT_CLIENT_SECRET = 'backoffice-console-desktop';
export const DEFAULT_TRANSPORT_SECRET = 'backoffice-console-transport-key-v1';
/** The first administrator's initial password: it must be changed at the first sign-in (code 70001). */
export const DEFAULT_ADMIN_USERNAME = 'admin';
export const DEFAULT_ADMIN_PASSWORD = 'Admin_12345';
export const DEFAULT_SERVER_PORT = 7300;
