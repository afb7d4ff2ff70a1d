// Placeholder: the differential suite's redis-server lifecycle lives here.
export default function setup() {}
