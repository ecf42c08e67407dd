// The app's few shared values (the session, the toasts, the install offer) as signals: `.value`
// to read and write, `.peek()` to read without subscribing, `.subscribe(fn)` (called at once and
// on every change), `computed` for a read-only or derived view and `batch` for two writes seen as
// one. A component that reads `.value` while it renders is drawn again when the value changes, as
// with @preact/signals, whose 2.8 KB gzipped (with its core) every page carried for these three
// stores (docs/performance.md). Preact's option hooks are named as its build mangles them
// (`__r`: a component about to render, `__c`: a vnode's component), as @preact/signals does.
import { options, type Component, type VNode } from 'preact';

type Listener<T> = (value: T) => void;

export interface ReadonlySignal<T> {
  readonly value: T;
  peek(): T;
  subscribe(fn: Listener<T>): () => void;
}

export interface Signal<T> extends ReadonlySignal<T> {
  value: T;
}

type Redraw = Component & { __sig?: Set<Set<Component>> };
type Hooked = { __r?: (v: VNode) => void };
type WithComponent = VNode & { __c?: Redraw | null };

/** The component whose render function runs now; null outside a render. */
let rendering: Redraw | null = null;
/** Inside a computed's subscription: the change lists of the signals it reads. */
let collecting: Array<Set<() => void>> | null = null;
let batchDepth = 0;
const queued = new Set<() => void>();

const hooks = options as typeof options & Hooked;
const beforeRender = hooks.__r;
hooks.__r = (vnode) => {
  rendering = (vnode as WithComponent).__c ?? null;
  beforeRender?.(vnode);
};
const afterDiff = options.diffed;
options.diffed = (vnode) => {
  rendering = null;
  afterDiff?.(vnode);
};
const beforeUnmount = options.unmount;
options.unmount = (vnode) => {
  const c = (vnode as WithComponent).__c;
  if (c?.__sig) for (const readers of c.__sig) readers.delete(c);
  beforeUnmount?.(vnode);
};

function run(fn: () => void): void {
  if (batchDepth) queued.add(fn);
  else fn();
}

export function signal<T>(initial: T): Signal<T> {
  let value = initial;
  const readers = new Set<Redraw>();
  const changes = new Set<() => void>();
  const listeners = new Set<Listener<T>>();
  const notify = () => {
    for (const c of [...readers]) c.forceUpdate();
    for (const fn of [...changes]) fn();
    for (const fn of [...listeners]) fn(value);
  };
  return {
    get value() {
      if (rendering) {
        readers.add(rendering);
        rendering.__sig ??= new Set();
        rendering.__sig.add(readers as Set<Component>);
      }
      collecting?.push(changes);
      return value;
    },
    set value(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      run(notify);
    },
    peek: () => value,
    subscribe(fn) {
      listeners.add(fn);
      fn(value);
      return () => void listeners.delete(fn);
    },
  };
}

function computedOutsideRender<T>(fn: () => T): T {
  const was = rendering;
  rendering = null;
  try {
    return fn();
  } finally {
    rendering = was;
  }
}

/** A view of other signals: read through to them, so a rendering component subscribes to those. */
export function computed<T>(fn: () => T): ReadonlySignal<T> {
  return {
    get value() {
      return fn();
    },
    peek: () => computedOutsideRender(fn),
    subscribe(listener) {
      collecting = [];
      let last: T;
      let sources: Array<Set<() => void>>;
      try {
        last = computedOutsideRender(fn);
      } finally {
        sources = collecting;
        collecting = null;
      }
      listener(last);
      const changed = () => {
        const now = computedOutsideRender(fn);
        if (Object.is(now, last)) return;
        last = now;
        listener(now);
      };
      for (const s of sources) s.add(changed);
      return () => {
        for (const s of sources) s.delete(changed);
      };
    },
  };
}

/** Writes inside `fn` are seen, by components and subscribers, once it has returned. */
export function batch(fn: () => void): void {
  batchDepth++;
  try {
    fn();
  } finally {
    if (--batchDepth === 0) {
      const due = [...queued];
      queued.clear();
      for (const f of due) f();
    }
  }
}
