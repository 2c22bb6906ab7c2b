/** A registered, signed-in account for a benchmark. */
export async function account(baseUrl: string, name: string): Promise<{ id: string; username: string; token: string; password: string }> {
  const username = `${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const password = 'bench password 1';
  const created = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.test`, password }),
  });
  if (created.status !== 202) throw new Error(`register answered ${created.status}`);
  const login = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const body = (await login.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, username, token: body.token, password };
}
