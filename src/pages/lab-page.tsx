export function LabPage() {
  return <h1>Lab</h1>;
}
