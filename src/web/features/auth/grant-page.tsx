export function GrantPage() {
  return <h1>GrantPage</h1>;
}
