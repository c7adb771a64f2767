export function PlaceholderPage({ path }: { path: string }) {
  return <h1>{path}</h1>;
}
