import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { matchMediaAnswering } from './match-media';
import type { CurrentUser } from '../../shared/auth.schemas';
import type { SchoolYear } from '../../shared/calendar.schemas';
import type { SchoolClass } from '../../shared/classes.schemas';
import type {
  DashboardEscola,
  DashboardProfessor,
  DashboardResponsavel,
} from '../../shared/dashboard.schemas';
import type { Teacher } from '../../shared/teachers.schemas';

type SignedIn = { user: CurrentUser };

/** Renders `element` at `url` inside the app's providers and a memory router; returns the router. */
export function renderAt(element: ReactElement, url = '/lista') {
  const router = createMemoryRouter(
    [
      { path: '/lista', element },
      { path: '/outra', element: <p>outra tela</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** The query string of the router's current location, as an object. */
export function searchOf(router: ReturnType<typeof createMemoryRouter>) {
  return Object.fromEntries(new URLSearchParams(router.state.location.search));
}

/** A screen as wide as a desktop (tables) or a phone (cards), for useMediaQuery. */
export function stubScreen(wide: boolean) {
  vi.stubGlobal('matchMedia', matchMediaAnswering(wide));
}

/**
 * Pins the clock's date (`Date` only: timers still run) at `iso` before each test of the file, and
 * unpins it after, so that no other file sees it (vitest.config.ts: isolate false).
 */
export function pinDate(iso: string) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** A request the stub answered: the URL as asked, its path (no query string), method and JSON body. */
export interface StubRequest {
  url: string;
  path: string;
  method: string;
  body: unknown;
  init: RequestInit | undefined;
}

/** An answer other than 200 with `data`: the status and the whole body (envelope or not). */
export class StubReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
/** Answers `status` with `body` as it is (an error envelope, say, or no envelope at all). */
export const reply = (status: number, body: unknown) => new StubReply(status, body);

/** What a route answers: its `data` (sent in the API's envelope, 200), a `reply`, or either from the request. */
export type StubAnswer<T = StubData> = T | StubReply | ((request: StubRequest) => T | StubReply);
/** Any `data` (not `unknown`, so that a function given as an answer is typed by its request). */
type StubData = object | string | number | boolean | null | undefined;

/**
 * The answers of the API the screens read, typed by the shared schemas: a stub that drifts from what
 * the server sends fails the type check. Any other path may be answered too (`unknown`).
 */
export interface KnownAnswers {
  '/api/auth/me': SignedIn;
  '/api/anos-letivos': SchoolYear[];
  '/api/dashboard/stats': DashboardEscola | DashboardProfessor | DashboardResponsavel;
  '/api/turmas': SchoolClass[];
  '/api/professores': Teacher[];
}
export type StubRoutes = { [K in keyof KnownAnswers]?: StubAnswer<KnownAnswers[K]> } & Record<
  string,
  StubAnswer
>;

const NOT_FOUND = reply(404, { success: false, message: 'Recurso não encontrado.' });

/**
 * Answers `fetch` from a map of URL → answer: the exact URL, else its path without the query string;
 * any other URL goes to `otherwise` (a 404 unless told). Returns the `fetch` mock and the requests it
 * answered, in order.
 */
export function stubApi(routes: StubRoutes, otherwise: StubAnswer = NOT_FOUND) {
  const requests: StubRequest[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: StubRequest = {
      url,
      path,
      method: init?.method ?? 'GET',
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
      init,
    };
    requests.push(request);
    const route: StubAnswer = url in routes ? routes[url] : path in routes ? routes[path] : otherwise;
    const answer: unknown =
      typeof route === 'function' ? (route as (request: StubRequest) => unknown)(request) : route;
    const { status, body }: { status: number; body: unknown } =
      answer instanceof StubReply ? answer : { status: 200, body: { success: true, data: answer } };
    return Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return Object.assign(fetchMock, { requests });
}

/**
 * Stubs `fetch` so that the requests `held` picks stay on their way (never answered) while every other
 * goes to `answers` (a `stubApi`'s mock); returns the URLs held, in order. For a screen while it waits.
 */
export function holdRequests(
  answers: (url: string, init?: RequestInit) => Promise<Response>,
  held: (url: string, init?: RequestInit) => boolean,
): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (!held(url, init)) return answers(url, init);
      urls.push(url);
      return new Promise<Response>(() => undefined);
    }),
  );
  return urls;
}

/** `holdRequests` of every POST. */
export const holdPosts = (answers: (url: string, init?: RequestInit) => Promise<Response>) =>
  holdRequests(answers, (_url, init) => init?.method === 'POST');

const NO_ANSWER_LEFT = reply(500, { success: false, message: 'Sem resposta' });

/**
 * Answers each request with the next of `answers`, in turn, whatever its URL (for `stubApi`'s
 * `otherwise`); once they run out, a 500.
 */
export function inTurn(...answers: StubAnswer[]) {
  return (request: StubRequest): StubData | StubReply => {
    if (answers.length === 0) return NO_ANSWER_LEFT;
    const next = answers.shift();
    return typeof next === 'function'
      ? (next as (request: StubRequest) => StubData | StubReply)(request)
      : next;
  };
}

/** A school year as `GET /api/anos-letivos` lists it: 2026, without periods unless told. */
export function schoolYearOf(fields: Partial<SchoolYear> = {}): SchoolYear {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    ano: 2026,
    inicio: '2026-02-02',
    fim: '2026-12-11',
    tipo_periodo: 'bimestre',
    dias_letivos: 200,
    minimo_dias_letivos: 200,
    aviso: null,
    version: 1,
    periodos: [],
    ...fields,
  };
}

/** The signed-in user `GET /api/auth/me` answers: the administrator below with `fields` over it. */
export function signedInAs(fields: Partial<CurrentUser> = {}): SignedIn {
  return { user: { ...adminUser, ...fields } };
}

/** A signed-in administrator, as `GET /api/auth/me` answers. */
export const adminUser = {
  id: '00000000-0000-4000-8000-000000000001',
  nome: 'Secretária',
  email: 'secretaria@escola.test',
  usuario: 'secretaria',
  nivel: 'administrador',
  tipo: 'admin',
  ativo: true,
  primeiro_login: false,
  data_criacao: '2026-01-01T00:00:00.000Z',
} satisfies CurrentUser;
