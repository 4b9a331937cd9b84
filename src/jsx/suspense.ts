/** `<Suspense fallback>`: while streaming, shows the fallback at once and swaps the content in when it is ready. */
import type { Child } from './node';

/** Props of Suspense. */
export interface SuspenseProps {
  fallback?: Child;
  children?: Child;
}

/** A marker component the renderers recognize; rendered alone it is its children. */
export function Suspense(props: SuspenseProps): Child {
  return props.children;
}
