import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Chart.js 4, tree-shaken to the bar chart's parts (a lazy chunk of Histórico's; never in the
// Caixa's first load). Colours are the app's own: paid green, expired grey, canceled amber.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface SeriesChartProps {
  labels: string[];
  series: Array<{ label: string; data: number[]; color: string }>;
  /** What the chart says, for a screen reader (the numbers are in the table too). */
  summary: string;
}

/** Stacked bars: one per bucket, its sales split by what became of them. */
export function SeriesChart({ labels, series, summary }: SeriesChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: {
          x: { stacked: true },
          y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [labels, series]);
  return (
    <div className="series-chart">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
