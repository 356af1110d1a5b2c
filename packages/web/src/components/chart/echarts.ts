import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the dashboards draw. Imported by `EChart` alone and only through `import()`,
 * so every dashboard screen shares this one chunk and the login page never loads it (README budget).
 * A new chart type is registered here.
 */
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
