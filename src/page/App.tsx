/** The lesson page; a placeholder until the page issue fills it in. */
export function App() {
  return (
    <main>
      <p>Batches · dive 03</p>
      <h1>Batch lease extension</h1>
      <p>Re-score the many under one clock read.</p>
    </main>
  );
}
