// How a screen moves to another route. The route frame (app.tsx) hands screens and the top bar
// the router's own function, so they stay plain React components that import no router.
export type Navigate = (url: string, replace?: boolean) => void;
