/**
 * The admin token (ARCHIVE_ADMIN_TOKEN) every test server is started with unless a test sets its
 * own (startTestServer, spawnApp), and the operator's reads that need it.
 */
export const TEST_ADMIN_TOKEN = "test-admin-token-0123456789";
export const ADMIN_HEADERS = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** GET /api/health?details=1 as the operator (the detailed view needs the admin token). */
export const fetchHealthDetails = (baseUrl: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}/api/health?details=1`, {
    ...init,
    headers: { ...ADMIN_HEADERS, ...(init.headers as Record<string, string> | undefined) },
  });
