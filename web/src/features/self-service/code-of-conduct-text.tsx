/** The firm's code of conduct as the page shows it (onboarding pages, contractor spec §1). */
export function CodeOfConductText() {
  return (
    <div className="code-of-conduct__text">
      <p>
        Everyone who works with us, as an employee or a contractor, represents the firm to our clients and to
        each other. This code says what we expect of you and what you can expect of us.
      </p>
      <h2>Integrity</h2>
      <ul>
        <li>Record your time and expenses truthfully, on the day you worked or spent them.</li>
        <li>
          Keep client, colleague and company information confidential, during and after your work with us.
        </li>
        <li>
          Declare any conflict of interest. A gift worth more than 100 USD (or 50 CAD) from a client or
          supplier is a conflict: tell an admin before accepting it.
        </li>
      </ul>
      <h2>Respect</h2>
      <ul>
        <li>Treat everyone with courtesy. Harassment and discrimination of any kind are not tolerated.</li>
        <li>Raise concerns early and in good faith; nobody is penalised for reporting a problem honestly.</li>
      </ul>
      <h2>Safety and security</h2>
      <ul>
        <li>Follow the site safety rules of every client you work for.</li>
        <li>
          Keep the security software installed, lock your devices and never share your sign-in with anyone.
        </li>
      </ul>
      <h2>Using company resources</h2>
      <ul>
        <li>
          Use company equipment, accounts and software for the firm&apos;s work, and return them when you
          leave.
        </li>
      </ul>
    </div>
  );
}
