"""Reading a Prometheus text exposition back into numbers a test can compare."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families


class Scrape:
    def __init__(self, text: str) -> None:
        self.text = text
        self.samples = [
            (sample.name, sample.labels, sample.value)
            for family in text_string_to_metric_families(text)
            for sample in family.samples
        ]

    def value(self, name: str, **labels: str) -> float:
        """The one sample of `name` whose labels include `labels`; 0 when there is none."""
        found = [v for n, lab, v in self.samples if n == name and labels.items() <= lab.items()]
        assert len(found) <= 1, (name, labels, found)
        return found[0] if found else 0.0

    def labels_of(self, name: str) -> list[dict[str, str]]:
        return [lab for n, lab, _ in self.samples if n == name]
