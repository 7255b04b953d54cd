// netstandard2.0 lacks the types records and init-only setters compile against.
namespace System.Runtime.CompilerServices
{
    internal static class IsExternalInit
    {
    }
}
