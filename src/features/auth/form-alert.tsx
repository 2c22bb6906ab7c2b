/** Errors in red above a form (as the spec's screens show them), announced by screen readers. */
export function FormAlert({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="alert alert--error">
      {messages.length === 1 ? <p style={{ margin: 0 }}>{messages[0]}</p> : (
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
