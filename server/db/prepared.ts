// PGlite's statements prepared once, as PostgreSQL's are (client.ts): PGlite's own query() parses
// and plans every statement each time, in six protocol round trips through its WebAssembly
// PostgreSQL on the server's one thread (0.3–0.5 ms even for SELECT 1). A statement used again
// is prepared under a name with its parameter and column types, and from then on each call is one
// message: bind, execute, sync (about 0.1 ms). Values are written and read with PGlite's own
// serializers and parsers, so the answers are those of query() (docs/decisions.md, The embedded
// database's statements, prepared once).
import { type PGlite, protocol, type Transaction, types } from '@electric-sql/pglite';

interface Statement {
  name: string;
  params: number[];
  fields: Array<{ name: string; type: number }>;
}

/** Statements prepared at most: past it, new ones go through query() (seeds build many once). */
const MAX_PREPARED = 500;

type Parsers = Record<number, (value: string) => unknown>;

/** `tx`: the transaction the statement runs in, when it does. */
export type PreparedQuery = (sql: string, params: unknown[] | undefined, tx?: Transaction) => Promise<unknown[]>;

export function preparedQueries(lite: PGlite, parsers: Parsers): PreparedQuery {
  const statements = new Map<string, Statement>();
  const seen = new Set<string>();
  let named = 0;
  const allParsers = { ...lite.parsers, ...parsers };

  const exchange = async (message: Uint8Array, inTx: boolean) => (await lite.execProtocol(message, { syncToFs: !inTx })).messages;

  async function prepare(sql: string, inTx: boolean): Promise<Statement> {
    const name = `p${++named}`;
    const messages = await exchange(
      join([protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      inTx,
    );
    const statement: Statement = { name, params: [], fields: [] };
    for (const m of messages) {
      if (m instanceof protocol.messages.ParameterDescriptionMessage) statement.params = m.dataTypeIDs;
      if (m instanceof protocol.messages.RowDescriptionMessage) statement.fields = m.fields.map((f) => ({ name: f.name, type: f.dataTypeID }));
    }
    statements.set(sql, statement);
    return statement;
  }

  async function run(s: Statement, params: unknown[], inTx: boolean): Promise<unknown[]> {
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serialize = lite.serializers[s.params[i]];
      return serialize ? serialize(v) : String(v);
    });
    const messages = await exchange(
      join([protocol.serialize.bind({ statement: s.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]),
      inTx,
    );
    const rows: unknown[] = [];
    for (const m of messages) {
      if (!(m instanceof protocol.messages.DataRowMessage)) continue;
      const row: Record<string, unknown> = {};
      m.fields.forEach((value, i) => {
        const f = s.fields[i];
        row[f.name] = types.parseType(value, f.type, allParsers);
      });
      rows.push(row);
    }
    return rows;
  }

  return (sql, params = [], tx) => {
    const known = statements.get(sql);
    if (!known && (!seen.has(sql) || statements.size >= MAX_PREPARED)) {
      // Once is not yet a habit: a statement seen the first time is not kept.
      if (seen.size > 5000) seen.clear();
      seen.add(sql);
      return (tx ?? lite).query(sql, params, { parsers }).then((r) => r.rows);
    }
    const inTx = !!tx;
    // The locks query() takes: outside a transaction, also the one that keeps it out of another's.
    const locked = <T>(fn: () => Promise<T>) => (inTx ? lite._runExclusiveQuery(fn) : lite._runExclusiveTransaction(() => lite._runExclusiveQuery(fn)));
    return locked(async () => {
      // Another call may have prepared it while this one waited for the lock.
      const s = statements.get(sql) ?? (await prepare(sql, inTx));
      try {
        return await run(s, params, inTx);
      } catch (err) {
        // A table's columns changed under a prepared statement: prepared again, once.
        if ((err as { code?: string }).code !== '0A000') throw err;
        statements.delete(sql);
        await exchange(join([protocol.serialize.close({ type: 'S', name: s.name }), protocol.serialize.sync()]), inTx);
        return run(await prepare(sql, inTx), params, inTx);
      }
    });
  };
}

function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
