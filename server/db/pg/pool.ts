/**
 * A PostgreSQL connection pool for one module: its own schema first on the search path, so the
 * module's SQL names its tables as it does on sql.js. Counts and epoch-second times come back as
 * JavaScript numbers (`bigint` and `numeric` would otherwise arrive as strings); every value the
 * modules store fits in a double.
 */
import pg from "pg";

export interface PgPoolOptions {
  url: string;
  /** The module's schema (`waittimes`, `archive`, `directory`). */
  schema: string;
  /** Connections at most (DATABASE_POOL_SIZE). */
  size: number;
  /** How long a query may wait for a free connection before failing, in ms. */
  connectTimeoutMs?: number;
  /** Longest a statement may run on the server, in ms (statement_timeout); none if unset. */
  statementTimeoutMs?: number;
  /** Longest the client waits for an answer, in ms, for a server that vanished without closing the socket. */
  readTimeoutMs?: number;
}

const INT8 = 20;
const NUMERIC = 1700;

const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export function createPgPool({
  url,
  schema,
  size,
  connectTimeoutMs = 5_000,
  statementTimeoutMs,
  readTimeoutMs,
}: PgPoolOptions): pg.Pool {
  if (!/^[a-z_]+$/.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    connectionTimeoutMillis: connectTimeoutMs,
    options: `-c search_path=${schema}`,
    types,
    keepAlive: true,
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
    ...(readTimeoutMs ? { query_timeout: readTimeoutMs } : {}),
  });
  // An idle connection dropped by the server (a restart) is replaced on the next query; without a
  // listener the pool's 'error' event would end the process.
  pool.on("error", () => undefined);
  return pool;
}

/**
 * Runs `fn` in one transaction on one connection: committed when it resolves, rolled back if it
 * throws. `begin` is the statement that opens it: a caller may give its isolation level and
 * settings there (statements without parameters, sent together in one round trip). `afterCommit`
 * runs on the same connection once committed; its failure does not undo or fail the write.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  begin = "BEGIN",
  afterCommit?: (client: pg.PoolClient) => Promise<unknown>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query("COMMIT");
    // On the same connection before it goes back: taking another could wait behind writers that
    // wait for this one to be done. The transaction is committed whatever this does; a connection
    // that failed it is not handed out again.
    await afterCommit?.(client).catch(() => {
      broken = true;
    });
    return result;
  } catch (err) {
    // A connection that cannot even roll back is closed rather than handed to the next caller.
    await client.query("ROLLBACK").catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * A module's write transaction (inTransaction) that moves its schema's `data_version` sequence,
 * which every process reads to know its cached views are out of date (a module's dataVersion()):
 * once inside, and again once committed. The move after COMMIT is what keeps a cache right: a
 * sequence moves for everyone at once, so a process that looked while the write was under way
 * saw the first move without the rows and kept its copy under that version; only a move after
 * the rows are visible sends it to look again. The move inside stands in if this process stops
 * between the two. The write is acknowledged even if the second move fails (the database went
 * away just after COMMIT): the rows are committed, and the next write moves the version. The
 * second move uses the write's own connection: a pool of one, whose next writer waits for this
 * one (archive indexing), would otherwise never give it another.
 */
export function versionedWrite<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  begin = "BEGIN",
): Promise<T> {
  const moveVersion = (client: pg.PoolClient) => client.query("SELECT nextval('data_version')");
  return inTransaction(
    pool,
    async (client) => {
      await moveVersion(client);
      return fn(client);
    },
    begin,
    moveVersion,
  );
}
