// What may import what (docs/architecture.md). `npm run lint` judges every file with it through
// scripts/imports.ts (`npx tsx scripts/imports.ts`); a forbidden import fails the run. Run as
// `depcruise` directly it would read TypeScript 7's files as loose JavaScript.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports makes load order matter and splits nothing: in src/, server/ and common/ alike, type imports included.',
      from: { path: '^(src|server|common)/' },
      to: { circular: true },
    },
    {
      name: 'screens-apart',
      severity: 'error',
      comment:
        "A screen's folder is its own: what two screens share lives outside src/screens/ (src/ui/, src/session/, src/appointments/, src/family/, src/passkeys/, src/record-export/).",
      from: { path: '^src/screens/([^/]+)/' },
      to: { path: '^src/screens/([^/]+)/', pathNot: '^src/screens/$1/' },
    },
    {
      name: 'app-not-server',
      severity: 'error',
      comment: 'The app and the server share code only through common/.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-app',
      severity: 'error',
      comment: 'The app and the server share code only through common/.',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'common-is-shared-and-pure',
      severity: 'error',
      comment: 'common/ runs on the phone and on the server: no app, no server, no Node, no network, no database.',
      from: { path: '^common/' },
      to: { path: ['^src/', '^server/', '^node_modules/(ofetch|pg|@electric-sql|fastify|@fastify)/'] },
    },
    { name: 'common-no-node', severity: 'error', comment: 'common/ must run in a browser too.', from: { path: '^common/' }, to: { dependencyTypes: ['core'] } },
    {
      name: 'screens-through-the-data-layer',
      severity: 'error',
      comment: 'Screens never reach the network themselves: they read through src/data/ (cached, offline-aware) over src/api/.',
      from: { path: '^src/(screens|ui)/' },
      to: { path: ['^src/api/http\\.ts$', '^node_modules/ofetch/'] },
    },
    {
      name: 'schemas-types-only-in-the-app',
      severity: 'error',
      comment: 'The app imports only the types of the wire schemas, so no schema library ships to the phone.',
      from: { path: '^src/' },
      to: { path: '^node_modules/(typebox|@sinclair)/', reachable: true },
    },
    // The server's floors (docs/architecture.md). Rules named layer-* are judged with type-only
    // imports too (scripts/imports.ts): a type taken from above is an arrow up as much as a call.
    {
      name: 'layer-db-own-state',
      severity: 'error',
      comment:
        "server/db/ is this API's own state and the database client: it reaches only domain/ (pure rules) below it, never a connector, a route, bpjs/, jkn/, push/ or the settings.",
      from: { path: '^server/db/' },
      to: { path: '^server/', pathNot: '^server/(db|domain)/' },
    },
    {
      name: 'layer-config-settings-only',
      severity: 'error',
      comment: 'The settings (server/config.ts, server/config/) are read at the start and imported by every feature: they import none.',
      from: { path: '^server/config(\\.ts$|/)' },
      to: { path: '^server/', pathNot: '^server/(config(\\.ts$|/)|domain/)' },
    },
    {
      name: 'layer-domain-pure',
      severity: 'error',
      comment: 'server/domain/ holds the pure rules every floor above reaches: no database, no connector, no route, no feature folder.',
      from: { path: '^server/domain/' },
      to: { path: '^server/', pathNot: '^server/domain/' },
    },
    {
      name: 'layer-routes-on-top',
      severity: 'error',
      comment: 'Routes are the top floor: what they share with jkn/, bpjs/, push/ or a connector lives below them (server/api.ts, domain/).',
      from: { path: '^server/(db|domain|config|connector|bpjs|jkn|push)/' },
      to: { path: '^server/routes/' },
    },
    {
      name: 'layer-connector-rooms-apart',
      severity: 'error',
      comment:
        "A connector's room (connector/local/, khanza/, upstream/) imports no other's: what two share is the contract (hospital-connector.ts), db/ or domain/.",
      from: { path: '^server/connector/([^/]+)/' },
      to: { path: '^server/connector/([^/]+)/', pathNot: '^server/connector/$1/' },
    },
    {
      name: 'layer-connector-contract-alone',
      severity: 'error',
      comment:
        'The connector contract defines every type it speaks and imports no implementation: only common/, domain/ and the database client types below it.',
      from: { path: '^server/connector/hospital-connector\\.ts$' },
      to: { path: '^server/', pathNot: '^server/(domain/|db/client\\.ts$|db/queue-events\\.ts$)' },
    },
    {
      name: 'api-knows-no-session-work',
      severity: 'error',
      comment:
        "The HTTP client and its calls sit under everything else of the app: of it they read only the credentials store (src/session/session.ts). What a 401 does is session/'s, handed to the client as a hook (onSessionEnded, set by src/session/logout.ts); no push, data layer, toast or screen.",
      from: { path: '^src/api/' },
      to: { path: '^src/', pathNot: ['^src/api/', '^src/session/session\\.ts$'] },
    },
    {
      name: 'session-store-imports-no-app',
      severity: 'error',
      comment:
        'The credentials store is the one file of src/session/ the HTTP client reads: it imports nothing of the app, so no arrow climbs back up through it.',
      from: { path: '^src/session/session\\.ts$' },
      to: { path: '^src/' },
    },
    {
      name: 'notice-at-the-bottom',
      severity: 'error',
      comment: 'The toast store (src/notice/) is shown by ui/, session/, pwa/ and the screens: it imports nothing of the app, so each reaches it downward.',
      from: { path: '^src/notice/' },
      to: { path: '^src/', pathNot: '^src/notice/' },
    },
    {
      name: 'stores-below-the-ui',
      severity: 'error',
      comment:
        'The session, the data layer, push, the install and update offers and the HTTP client are under the components: they import no component and no screen (a toast comes from src/notice/).',
      from: { path: '^src/(api|data|session|push|pwa|notice)/' },
      to: { path: '^src/(ui|screens)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports emit nothing: the rules judge what runs.
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
