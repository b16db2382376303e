/**
 * The directory with its demo services on the real server, over real sql.js files or a given
 * PostgreSQL database, and test accounts added to it and signed in: for suites run on both backends.
 */
import { addUser } from "../../../server/directory/accounts/users.js";
import { directoryModule } from "../../../server/directory/index.js";
import { directoryRepository } from "../../../server/directory/repository-of.js";
import { startTestServer, type TestServer } from "../server.js";
import { ACCOUNTS, bearer, ORG_A, PASSWORD } from "./accounts.js";

/** `databaseUrl` undefined: sql.js files in a folder of the server's own. */
export function startDemoDirectory(databaseUrl: string | undefined): Promise<TestServer> {
  return startTestServer({
    modules: [directoryModule],
    demo: true,
    env: { RATE_LIMIT_PER_MINUTE: "100000" },
    databaseUrl,
  });
}

/** Adds partner A (of ORG_A) or the admin to the running directory, and answers their bearer tokens. */
export async function signedIn(server: TestServer, ...who: ("partnerA" | "admin")[]): Promise<string[]> {
  const repo = directoryRepository({ database: server.contexts.get("directory")!.database });
  for (const account of who)
    await addUser(repo, {
      email: ACCOUNTS[account],
      password: PASSWORD,
      ...(account === "admin" ? { role: "admin" } : { role: "partner", organizationId: ORG_A }),
    });
  return Promise.all(who.map((account) => bearer(server.baseUrl, ACCOUNTS[account])));
}
