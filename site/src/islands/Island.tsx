import type { ComponentProps, ComponentType } from 'react';
import { islands, type IslandName } from './registry';

/** Escapes a JSON text for a <script type="application/json"> body: no "<" can close the script. */
export function islandJson(value: unknown): string {
  return JSON.stringify(value ?? {})
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Server side of an island: the component's HTML inside <div data-island=NAME>, followed by its props
 * as JSON. src/client.tsx hydrates exactly that div with exactly those props, so the component must
 * render the same thing on both sides (no dates, random values or useId: the client renders it as a
 * root, the server deep in the page).
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  const Component = islands[name] as unknown as ComponentType<Record<string, unknown>>;
  return (
    <>
      <div data-island={name}>
        <Component {...(props as unknown as Record<string, unknown>)} />
      </div>
      <script type="application/json" data-island-props="" dangerouslySetInnerHTML={{ __html: islandJson(props) }} />
    </>
  );
}
