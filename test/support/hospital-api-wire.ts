// The stand-in's two loopback listeners of node:http (hospital-api.ts), the API's and the login
// service's: every request recorded, answered by the calls of hospital-api-calls.ts, or as the mode
// says (down, slow, a 500 page, a gateway's 403); how many are in flight, now and at most.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Route } from './hospital-api-calls.ts';
import type { HospitalPatient } from './hospital-api-data.ts';
import type { Answer } from './hospital-api-state.ts';

export type HospitalMode = 'ok' | 'down' | 'slow' | 'error500' | 'forbidden';

export interface HospitalCall {
  service: 'api' | 'login';
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  bearer: string | null;
  /** Date.now() when it arrived. */
  time: number;
  /** The HTTP status it was answered with; 0 while unanswered (or never: down, closed). */
  status: number;
}

interface Routes {
  api: Record<string, Route>;
  login: Record<string, Route>;
}
/** What the hospital says of a call's token, and of a body that is not a JSON object. */
interface Gate {
  authorize: (bearer: string | null) => HospitalPatient | Answer;
  badBody: () => Answer;
}

/** `delayMs`: the delay of 'slow' until setDelayMs. */
export async function openWire(routes: Routes, gate: Gate, delayMs: number) {
  let mode: HospitalMode = 'ok';
  const calls: HospitalCall[] = [];
  /** The requests 'slow' holds, each with what answers it. */
  const held = new Map<NodeJS.Timeout, () => void>();
  let open = 0;
  let peak = 0;

  function answer(res: ServerResponse, call: HospitalCall, a: Answer) {
    call.status = a.code;
    open--;
    const json = JSON.stringify(a.body);
    res.writeHead(a.code, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
    res.end(json);
  }

  function handle(service: HospitalCall['service'], routes: Record<string, Route>, req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://hospital.invalid');
    const auth = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    let body: Record<string, unknown> | null = null;
    let malformed = false;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        malformed = true;
      }
    }
    const call: HospitalCall = {
      service,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      bearer: auth?.[1] ?? null,
      time: Date.now(),
      status: 0,
    };
    calls.push(call);
    peak = Math.max(peak, ++open);
    const run = () => {
      if (mode === 'error500') {
        call.status = 500;
        open--;
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<!DOCTYPE html><html><body><h1>500 Internal Server Error</h1></body></html>');
        return;
      }
      if (mode === 'forbidden' && service === 'api') return answer(res, call, { code: 403, body: { message: 'Forbidden' } });
      const route = routes[`${call.method} ${call.path}`];
      if (!route) {
        const other = Object.keys(routes).some((k) => k.endsWith(` ${call.path}`));
        return answer(res, call, other ? { code: 405, body: { message: 'Method Not Allowed' } } : { code: 404, body: { message: 'Not Found' } });
      }
      if (malformed || (raw && (typeof body !== 'object' || body === null || Array.isArray(body)))) return answer(res, call, gate.badBody());
      let patient: HospitalPatient | null = null;
      if (route.auth) {
        const who = gate.authorize(call.bearer);
        if ('code' in who) return answer(res, call, who);
        patient = who;
      }
      answer(res, call, route.run({ query: call.query, body, patient }));
    };
    if (mode !== 'slow') return run();
    const t = setTimeout(() => {
      held.delete(t);
      run();
    }, delayMs);
    held.set(t, run);
  }

  const listen = async (service: HospitalCall['service'], routes: Record<string, Route>, port = 0): Promise<Server> => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > 65_536) req.destroy();
        else chunks.push(c);
      });
      req.on('end', () => handle(service, routes, req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return server;
  };
  const stop = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  let api = await listen('api', routes.api);
  let loginService = await listen('login', routes.login);
  const apiPort = (api.address() as AddressInfo).port;
  const loginPort = (loginService.address() as AddressInfo).port;
  let listening = true;

  const dropHeld = () => {
    for (const t of held.keys()) clearTimeout(t);
    open -= held.size;
    held.clear();
  };
  /** Leaving 'slow': the held requests are answered now, in the new mode. */
  const releaseHeld = () => {
    const runs = [...held.entries()];
    held.clear();
    for (const [t, run] of runs) {
      clearTimeout(t);
      run();
    }
  };

  return {
    url: `http://127.0.0.1:${apiPort}`,
    loginUrl: `http://127.0.0.1:${loginPort}`,
    calls,
    async setMode(next: HospitalMode) {
      mode = next;
      if (next !== 'slow' && next !== 'down') releaseHeld();
      if (next === 'down' && listening) {
        listening = false;
        dropHeld();
        await Promise.all([stop(api), stop(loginService)]);
      } else if (next !== 'down' && !listening) {
        api = await listen('api', routes.api, apiPort);
        loginService = await listen('login', routes.login, loginPort);
        listening = true;
      }
    },
    setDelayMs: (ms: number) => {
      delayMs = ms;
    },
    inFlight: () => open,
    peakInFlight: () => peak,
    async close() {
      dropHeld();
      if (listening) await Promise.all([stop(api), stop(loginService)]);
      listening = false;
    },
  };
}
