// The floor: a one-route Remix 2 app, built in memory as a ServerBuild. Its root route has a
// small loader and renders a small document (meta, links, a heading, a short list, the
// scripts with the CSP nonce). It takes the app build's server entry (the buffered render with
// the nonce), future flags and client entry, so what it leaves out is exactly what the app's
// pages add: the root's shell loader and layout, the page's guard, loader and markup.
import { json, type LoaderFunctionArgs, type ServerBuild } from "@remix-run/node";
import { Links, Meta, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";

type RouteModule = ServerBuild["routes"][string]["module"];

function loader({ context }: LoaderFunctionArgs) {
  // The nonce travels in the loader data: the app's NonceProvider lives inside its own bundle.
  return json({ nonce: context.cspNonce, items: ["one", "two", "three"], at: Date.now() });
}

function FloorPage() {
  const { nonce, items, at } = useLoaderData<typeof loader>();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <h1>Floor</h1>
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>Rendered at {new Date(at).toISOString()}</p>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

const root: RouteModule = {
  default: FloorPage,
  loader,
  meta: () => [{ title: "Floor" }],
  links: () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }],
};

/** The floor app, served at "/", sharing `app`'s server entry, future flags and client entry. */
export function floorBuild(app: ServerBuild): ServerBuild {
  return {
    mode: "production",
    entry: app.entry,
    routes: { root: { id: "root", path: "", module: root } },
    assets: {
      entry: app.assets.entry,
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/build/floor-root.js",
          imports: [],
          hasLoader: true,
          hasAction: false,
          hasClientLoader: false,
          hasClientAction: false,
          hasErrorBoundary: false,
        },
      },
      url: "/build/floor-manifest.js",
      version: "floor",
    },
    publicPath: app.publicPath,
    assetsBuildDirectory: app.assetsBuildDirectory,
    future: app.future,
    isSpaMode: false,
  };
}
