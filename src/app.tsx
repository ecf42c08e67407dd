// Providers, the route guard and the router, all driven by the route table.
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary, LocationProvider, Router, lazy, useLocation } from 'preact-iso';
import { onSessionExpired } from './session/expiry.ts';
import { listenForPush } from './push/foreground.ts';
import { applyPendingUpdate, atNavigation } from './pwa/update.ts';
import { ROUTE, redirectFor, type RouteDef, type RouteName } from '../common/routes.ts';
import { SCREENS } from './screens.ts';
import { session } from './session/session.ts';
import { S } from './strings.ts';
import { OfflineBanner } from './ui/OfflineBanner.tsx';
import { TopBar } from './ui/TopBar.tsx';
import { ScreenError } from './ui/ScreenError.tsx';
import { Toasts } from './ui/Toasts.tsx';
import { toasts } from './notice/toasts.ts';
import './ui/global.css.ts';

interface FrameProps {
  def: RouteDef;
  // biome-ignore lint/suspicious/noExplicitAny: each screen takes its own route parameters
  Screen: ComponentType<any>;
  params?: Record<string, string>;
  path?: string;
}

function Frame({ def, Screen, ...props }: FrameProps) {
  const { route } = useLocation();
  const title = typeof def.title === 'function' ? def.title(props.params ?? {}) : def.title;
  useEffect(() => {
    document.title = `${title} · ${S.appName}`;
  }, [title]);
  return (
    <>
      {def.bar === 'back' && <TopBar title={title} navigate={route} />}
      <Screen {...props} title={title} navigate={route} />
    </>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: each screen takes its own route parameters
type Loader = () => Promise<{ default: ComponentType<any> }>;

/** The address a failed import names in its message (Chromium and Firefox do), else this page's. */
function failedAddress(error: unknown): string {
  return String((error as Error | undefined)?.message ?? '').match(/https?:\/\/\S+/)?.[0] ?? location.href;
}

/**
 * Downloads the screen again. Browsers that remember a failed module import (Chromium before
 * 151) refuse the second import without asking the network: then the network is asked directly,
 * and once it answers the page is loaded afresh, which forgets the failure. Still no network: the
 * promise rejects and the message stays.
 */
function importAgain<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) =>
    fetch(failedAddress(error), { cache: 'no-store' }).then((answer) => {
      if (!answer.ok) throw error;
      location.reload();
      return new Promise<T>(() => undefined);
    }),
  );
}

/**
 * preact-iso's lazy with a way back from a failed download: its own keeps the rejection and
 * draws nothing, for good. A failed download draws ScreenError in the screen's place; 'Muat
 * ulang' puts a waiting new version in place (a deploy removed the old file) or downloads again.
 */
function lazyScreen(load: Loader) {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  let screen: ComponentType<any> | undefined;
  const fetched = () =>
    load().then((m) => {
      screen = m.default;
      return m;
    });
  // biome-ignore lint/suspicious/noExplicitAny: as above
  function Failed(props: any) {
    const [, loaded] = useState(0);
    const Screen = screen;
    if (Screen) return <Screen {...props} />;
    const retry = () => (applyPendingUpdate() ? new Promise<void>(() => undefined) : importAgain(fetched).then(() => loaded(1)));
    return <ScreenError retry={retry} />;
  }
  return lazy(() => fetched().catch(() => ({ default: Failed })));
}

// The frame hands each screen the router's props; SCREENS has typed each screen against its route.
const FRAMES = (Object.keys(ROUTE) as RouteName[]).map((name) => ({ def: ROUTE[name] as RouteDef, Screen: lazyScreen(SCREENS[name] as Loader) }));

function NotFound(_: { default: boolean }) {
  return null;
}

/** Sends a path where docs/decisions.md D1–D3 say it belongs before anything renders there. */
function Guard({ children }: { children: ReactNode }) {
  const { path, route } = useLocation();
  const target = redirectFor(path, session.signedIn.value);
  useLayoutEffect(() => {
    if (target) route(target, true);
  }, [target]);
  return target ? null : children;
}

/** After every move to another screen (not the first one): a safe moment for a new version. */
function NavigationWatch() {
  const { url } = useLocation();
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) atNavigation();
    moved.current = true;
  }, [url]);
  return null;
}

function useSessionExpiry() {
  useEffect(() => onSessionExpired(() => toasts.show(S.sessionExpired, 'error')), []);
}

/** Foreground pushes as toasts; a push registration once signed in, off the critical path. */
function usePush(signedIn: boolean) {
  useEffect(() => listenForPush((m) => toasts.show(m.body, 'info', m.title)), []);
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => void import('./push/subscribe.ts').then((m) => m.ensurePushRegistration()), 1500);
    return () => clearTimeout(timer);
  }, [signedIn]);
}

export function App() {
  useSessionExpiry();
  usePush(session.signedIn.value);
  return (
    <LocationProvider>
      <OfflineBanner />
      <NavigationWatch />
      <Guard>
        <ErrorBoundary>
          <Router>{[...FRAMES.map(({ def, Screen }) => <Frame path={def.path} def={def} Screen={Screen} />), <NotFound default />]}</Router>
        </ErrorBoundary>
      </Guard>
      <Toasts />
    </LocationProvider>
  );
}
