/** Project 33's allowances, shown while that project is chosen. */
export function ProjectNotice({ lines }: { lines: readonly string[] }) {
  return (
    <aside className="alert alert--warning expense-notice" aria-labelledby="expense-notice-title">
      <h3 id="expense-notice-title" className="expense-notice__title">
        Project notice
      </h3>
      <ul className="expense-notice__list">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </aside>
  );
}
