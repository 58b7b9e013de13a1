// The zoomable percentage line (react-apexcharts), loaded lazily and only in the browser.
import Chart from "react-apexcharts";
import type { ApexOptions } from "apexcharts";
import { CHART_UTC_OFFSET_SECONDS } from "~/domain/candles";
import type { PercentagePoint } from "./percentage-line-svg";

export default function PercentageLine({ points, name, height, dark }: { points: readonly PercentagePoint[]; name: string; height: number; dark: boolean }) {
  const options: ApexOptions = {
    chart: { type: "line", height, animations: { enabled: false }, background: "transparent", zoom: { enabled: true, type: "x", autoScaleYaxis: false }, toolbar: { show: true } },
    theme: { mode: dark ? "dark" : "light" },
    stroke: { width: 2, curve: "straight" },
    // ApexCharts draws times in UTC: shifted by IST's offset the axis reads IST.
    xaxis: { type: "datetime", labels: { datetimeUTC: true } },
    yaxis: { min: 0, max: 100, labels: { formatter: (v: number) => `${Math.round(v)}%` } },
    annotations: { yaxis: [{ y: 50, borderColor: "#94a3b8", strokeDashArray: 4 }] },
    tooltip: { x: { format: "dd-MM-yyyy HH:mm" } },
    grid: { borderColor: dark ? "#1e293b" : "#e2e8f0" },
  };
  const series = [{ name, data: points.map((p) => ({ x: p.time + CHART_UTC_OFFSET_SECONDS * 1000, y: p.percentage })) }];
  return (
    <div data-chart="apex-line" className="max-w-full overflow-x-clip">
      <Chart type="line" series={series} options={options} height={height} />
    </div>
  );
}
