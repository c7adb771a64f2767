export function UpdatePasswordPage() {
  return <h1>UpdatePasswordPage</h1>;
}
