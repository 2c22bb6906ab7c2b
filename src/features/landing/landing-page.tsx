/** / : the public landing page (the spec's public routes): hero, feature blurbs, links to log in and sign up. */
import { Link } from '@tanstack/react-router';
import { useSessionStore } from '../../stores/session';
import { BLURBS } from './blurbs';
import { LearnMore } from './learn-more';

export function LandingPage() {
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  return (
    <div className="landing">
      <header className="landing-top">
        <span className="brand-link">PodTable</span>
        {isLoggedIn ? (
          <Link to="/dashboard" className="button button--secondary">
            Open PodTable
          </Link>
        ) : (
          <Link to="/login" className="button button--secondary">
            Log in
          </Link>
        )}
      </header>
      <main>
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title">Your Commander pod, in your pocket.</h1>
          <p className="hero-text">
            Chat with your playgroup, track every life total and commander hit, and keep your decks close — even
            at a table with no signal.
          </p>
          <div className="button-row">
            <Link to="/register" className="button">
              Create an account
            </Link>
            <Link to="/login" className="button button--secondary">
              Log in
            </Link>
            <LearnMore />
          </div>
        </section>
        <section className="blurbs" aria-label="Features">
          {BLURBS.map((blurb) => (
            <article key={blurb.title} className="card blurb">
              <h2>{blurb.title}</h2>
              <p className="muted">{blurb.text}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className="landing-footer muted">PodTable — made for Commander players.</footer>
    </div>
  );
}
