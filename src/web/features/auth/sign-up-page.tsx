export function SignUpPage() {
  return <h1>SignUpPage</h1>;
}
