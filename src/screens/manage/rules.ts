// The booking confirmation's way to src/appointments/rules.ts, until its split imports that file
// itself (docs/decisions.md, Every fact once): nothing else may import this folder.
export { useManaged } from '../../appointments/rules.ts';
