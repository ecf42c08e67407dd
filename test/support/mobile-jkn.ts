// A stand-in for Mobile JKN, BPJS's app, calling the hospital's web service as BPJS's Antrean
// Online v2 catalogue describes it: GET token with x-username and x-password, then each call
// POSTed with x-token and x-username, every answer in { response, metadata: { message, code } }.
// Written from that public interface, apart from server/routes/jkn.ts: it speaks HTTP to a
// listening server and knows nothing of the server's code.

interface JknEnvelope<T = Record<string, unknown>> {
  /** The HTTP status, for the tests; Mobile JKN reads metadata. */
  http: number;
  response?: T | null;
  metadata: { message: string; code: number };
}

export interface MobileJkn {
  /** GET {base}/token; remembers the token for the calls after it. */
  token(username?: string, password?: string): Promise<JknEnvelope<{ token: string; expired: number }>>;
  /** POST {base}/{name} with the remembered token, or the headers given. */
  call<T = Record<string, unknown>>(name: string, body: object, headers?: { 'x-token'?: string; 'x-username'?: string }): Promise<JknEnvelope<T>>;
  readonly currentToken: string;
}

/** `base` as registered with BPJS, e.g. http://127.0.0.1:PORT/api/jkn. */
export function mobileJkn(base: string, username: string, password: string): MobileJkn {
  let current = '';
  const read = async <T>(res: Response): Promise<JknEnvelope<T>> => ({ http: res.status, ...((await res.json()) as Omit<JknEnvelope<T>, 'http'>) });
  return {
    get currentToken() {
      return current;
    },
    async token(u = username, p = password) {
      const res = await fetch(`${base}/token`, { headers: { 'x-username': u, 'x-password': p } });
      const answer = await read<{ token: string; expired: number }>(res);
      if (answer.metadata.code === 200 && answer.response) current = answer.response.token;
      return answer;
    },
    async call<T>(name: string, body: object, headers: { 'x-token'?: string; 'x-username'?: string } = {}) {
      const res = await fetch(`${base}/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': current, 'x-username': username, ...headers },
        body: JSON.stringify(body),
      });
      return read<T>(res);
    },
  };
}

/** A pasienbaru body's family card and address (a member in Jakarta Pusat): a test adds who it is. */
export const NEW_MEMBER_ADDRESS = {
  nomorkk: '3173010101010001',
  nohp: '081377778888',
  alamat: 'Jl. Cempaka Putih Tengah No. 3',
  kodeprop: '31',
  namaprop: 'DKI JAKARTA',
  kodedati2: '3173',
  namadati2: 'JAKARTA PUSAT',
  kodekec: '317301',
  namakec: 'CEMPAKA PUTIH',
  kodekel: '3173011001',
  namakel: 'CEMPAKA PUTIH TIMUR',
  rw: '02',
  rt: '05',
};
