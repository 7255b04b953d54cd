namespace NFX.Tests.Fuzz;

/// <summary>A fuzz input broke a parser's contract; the fuzzer records the input as a crash.</summary>
public sealed class FuzzFindingException : Exception
{
    public FuzzFindingException(string message, Exception? inner = null) : base(message, inner)
    {
    }
}
