/** The app's routes through app.fetch, no server: fw's testClient sends each request and checks the answer. */
import { testClient } from 'fw';
import { describe, it } from 'vitest';
import { app } from '../src/app.js';

describe('app', () => {
  const client = testClient(app);

  it('greets by name', async () => {
    await client.get('/hello/Ada').expectStatus(200).expectJSON({ message: 'Hello, Ada!' });
    await client.get('/hello/Ada').query({ lang: 'fr' }).expectJSON({ message: 'Bonjour, Ada!' });
  });

  it('answers 404 for a language it has no greeting in', async () => {
    await client.get('/hello/Ada').query({ lang: 'xx' }).expectStatus(404);
  });

  it('adds a greeting, and refuses a body its schema rejects', async () => {
    await client.post('/greetings').json({ lang: 'es', text: 'Hola' }).expectStatus(201);
    await client.get('/hello/Ada').query({ lang: 'es' }).expectJSON({ message: 'Hola, Ada!' });
    await client.post('/greetings').json({ lang: 'es' }).expectStatus(400);
  });
});
