import { useEffect, useState } from 'react';
import { getBridge } from './bridge';

export function App() {
  const [mode, setMode] = useState<string>('');
  useEffect(() => {
    void getBridge()
      .app.info({})
      .then((r) => r.ok && setMode(r.value.mode));
  }, []);
  return (
    <main className="app">
      <header className="app-header">
        <h1>Balcão</h1>
        {mode === 'demo' && <span className="badge">DEMO</span>}
      </header>
    </main>
  );
}
