// Interactive bar charts for the reports (react-apexcharts). Loaded lazily, in the browser only.
import Chart from "react-apexcharts";
import type { ApexOptions } from "apexcharts";
import { formatNumber } from "~/domain/format";

export interface BarSeries {
  name: string;
  data: number[];
}

export default function ApexBars({ categories, series, height, stacked }: { categories: string[]; series: BarSeries[]; height: number; stacked?: boolean }) {
  const options: ApexOptions = {
    chart: { type: "bar", height, stacked: Boolean(stacked), animations: { enabled: false }, toolbar: { show: false }, background: "transparent" },
    xaxis: { categories },
    dataLabels: { enabled: false },
    yaxis: { labels: { formatter: (v: number) => formatNumber(v, 0) } },
    tooltip: { y: { formatter: (v: number) => formatNumber(v) } },
    plotOptions: { bar: { colors: { ranges: [{ from: -1e15, to: -0.000001, color: "#ef5350" }] } } },
  };
  return <Chart type="bar" height={height} options={options} series={series} />;
}
