export function PrisonerPage() {
  return <h1>100 prisoners</h1>;
}
