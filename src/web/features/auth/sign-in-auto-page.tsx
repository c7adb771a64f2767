export function SignInAutoPage() {
  return <h1>SignInAutoPage</h1>;
}
