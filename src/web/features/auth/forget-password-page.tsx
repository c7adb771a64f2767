export function ForgetPasswordPage() {
  return <h1>ForgetPasswordPage</h1>;
}
