"""The exceptions footfall raises. Every one is a footfall.Error; a scenario that does not load
raises ScenarioError, whose message reads "file:line:col: message"."""


class Error(Exception):
    """A failure of footfall. `file`, `line`, `column`: where in a scenario, when known."""

    def __init__(self, message, file=None, line=0, column=0):
        super().__init__(message)
        self.file, self.line, self.column = file, line, column

    def __str__(self):  # KeyError's str() would quote the message
        return str(self.args[0])

    def __reduce__(self):  # keeps the place when a Dask worker's error travels back
        return type(self), (self.args[0], self.file, self.line, self.column)


class ScenarioError(Error, ValueError):
    """A scenario (file or dict) that does not load: bad YAML, a bad key, a wrong type."""


class ParameterError(Error, KeyError):
    """A dotted parameter name (agent.node.param) that names nothing."""
