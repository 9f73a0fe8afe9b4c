export function ResumePage() {
  return <h1>Resume</h1>;
}
